import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// A handler shaped like the daemon's: a versioned JSON resource with ETag/304, an echo of
/// the parsed request, and static files for everything else.
private func dashboardHandler(web: StaticFiles) -> HTTPServer.Handler {
    { request, responder in
        switch request.path {
        case "/api/state":
            let etag = ETag(version: 7)
            if request.ifNoneMatchMatches(etag) {
                responder.respond(.notModified(etag, headers: [HTTPHeader("Cache-Control", "no-cache")]))
            } else {
                responder.respond(HTTPResponse(
                    contentType: "application/json", bytes: Array("{\"version\":7}".utf8),
                    headers: [HTTPHeader("ETag", etag.headerValue), HTTPHeader("Cache-Control", "no-cache")]))
            }
        case "/echo":
            let query = request.target.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
            responder.respond(.text("\(request.method) \(request.path) \(query) \(request.header("x-probe") ?? "-")"))
        default:
            responder.respond(web.response(for: request))
        }
    }
}

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct HTTPServerTests {
    let web: TestWebRoot
    let fixture: ServerFixture

    init() throws {
        web = try TestWebRoot()
        fixture = try ServerFixture(handler: dashboardHandler(web: try StaticFiles(directory: web.root)))
    }

    @Test func listensOnAnEphemeralPort() {
        #expect(fixture.port != 0)
    }

    @Test func servesIndexForRootWithSecurityHeaders() throws {
        let response = try fixture.connect().get("/")
        #expect(response.status == 200)
        #expect(response.text == "<!doctype html><title>Bindery</title>")
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Content-Security-Policy") == SecurityHeaders.contentSecurityPolicy)
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Referrer-Policy") == "no-referrer")
    }

    @Test(arguments: [
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
        ("/logo.svg", "image/svg+xml"),
        ("/data.json", "application/json"),
        ("/sub/", "text/html; charset=utf-8"),
        ("/inner-link.js", "text/javascript; charset=utf-8"),
    ])
    func servesFilesWithTheirContentType(path: String, type: String) throws {
        let response = try fixture.connect().get(path)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == type)
    }

    @Test func keepsTheConnectionAliveAcrossRequests() throws {
        let connection = try fixture.connect()
        let first = try connection.get("/app.js")
        let second = try connection.get("/api/state")
        let third = try connection.get("/")
        #expect(first.header("Connection")?.lowercased() != "close")
        #expect([first.status, second.status, third.status] == [Int](repeating: 200, count: 3))
        #expect(second.text == "{\"version\":7}")
    }

    @Test func unknownPathsAre404WithSecurityHeaders() throws {
        let response = try fixture.connect().get("/nope.html")
        #expect(response.status == 404)
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Content-Security-Policy") == SecurityHeaders.contentSecurityPolicy)
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
    func otherMethodsAre405WithAllow(method: String) throws {
        let connection = try fixture.connect()
        try connection.send("\(method) /api/state HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
        let response = try connection.readResponse()
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        #expect(response.header("Referrer-Policy") == "no-referrer")
    }

    @Test func headSendsHeadersWithoutBody() throws {
        let connection = try fixture.connect()
        let head = try connection.request("HEAD", "/index.html")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "37")
        #expect(head.body.isEmpty)
        // The connection is still in sync: the next response is read whole.
        #expect(try connection.get("/data.json").text == "{\"a\":1}")
    }

    @Test(arguments: [
        "If-None-Match: \"7\"",
        "If-None-Match: \"1\", \"7\"",
        "If-None-Match: W/\"7\"",
        "If-None-Match: *",
    ])
    func matchingIfNoneMatchIs304(header: String) throws {
        let response = try fixture.connect().get("/api/state", headers: [header])
        #expect(response.status == 304)
        #expect(response.header("ETag") == "\"7\"")
        #expect(response.header("Content-Security-Policy") == SecurityHeaders.contentSecurityPolicy)
        #expect(response.body.isEmpty)
    }

    @Test func staleIfNoneMatchGetsTheBody() throws {
        let response = try fixture.connect().get("/api/state", headers: ["If-None-Match: \"6\""])
        #expect(response.status == 200)
        #expect(response.header("ETag") == "\"7\"")
        #expect(response.header("Cache-Control") == "no-cache")
    }

    @Test func staticFilesRevalidateWithTheirETag() throws {
        let connection = try fixture.connect()
        let first = try connection.get("/app.js")
        let etag = try #require(first.header("ETag"))
        let second = try connection.get("/app.js", headers: ["If-None-Match: \(etag)"])
        #expect(second.status == 304)
    }

    @Test func handlersSeeTheDecodedRequest() throws {
        let response = try fixture.connect().get("/a/../echo?since=12&wait=30&name=J%C3%BCrg+en", headers: ["X-Probe: yes"])
        #expect(response.text == "GET /echo since=12;wait=30;name=Jürg en yes")
    }

    @Test func countsResponsesByStatus() throws {
        let connection = try fixture.connect()
        _ = try connection.get("/")
        _ = try connection.get("/missing")
        _ = try connection.get("/api/state", headers: ["If-None-Match: \"7\""])
        let counts = fixture.server.responseCounts
        #expect(counts[200] == 1)
        #expect(counts[404] == 1)
        #expect(counts[304] == 1)
    }
}
