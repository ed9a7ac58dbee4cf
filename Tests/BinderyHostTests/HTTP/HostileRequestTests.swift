import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Foundation
import Testing

/// Requests an attacker or a broken client would send: none may reach a file outside the
/// web root, and none may take the server down.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct HostileRequestTests {
    let web: TestWebRoot
    let fixture: ServerFixture

    init() throws {
        web = try TestWebRoot()
        let files = try StaticFiles(directory: web.root)
        fixture = try ServerFixture { request, responder in responder.respond(files.response(for: request)) }
    }

    @Test(arguments: [
        "/../etc/passwd",
        "/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
        "/..%2f..%2f..%2fetc/passwd",
        "/sub/../../outside.txt",
        "/%2e%2e/outside.txt",
        "//..//outside.txt",
        "/./.././outside.txt",
        "/escape.txt",
        "/escape-dir/outside.txt",
        "/.secret",
        "/sub/%2e%2e/.secret",
        "http://evil.example/../outside.txt",
    ])
    func traversalNeverLeavesTheWebRoot(target: String) throws {
        let response = try fixture.connect().get(target)
        #expect(response.status == 404)
        #expect(!response.text.contains("root:"))
        #expect(!response.text.contains("hidden"))
    }

    @Test(arguments: [
        "/index.html%00.png",
        "/%00",
        "/..%5c..%5cetc%5cpasswd",
        "/sub\\..\\..\\outside.txt",
        "/%zz",
        "/%2",
        "/%C0%AE%C0%AE/outside.txt",
    ])
    func undecodableTargetsAre400(target: String) throws {
        let response = try fixture.connect().get(target)
        #expect(response.status == 400)
        #expect(response.header("Content-Security-Policy") == SecurityHeaders.contentSecurityPolicy)
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n",
        "GET\r\n\r\n",
        "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nthis is not a header\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
        "\u{1}\u{2}\u{3}\r\n\r\n",
        "GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 100_000) + "\r\n\r\n",
    ])
    func malformedRequestsDoNotStopTheServer(request: String) throws {
        let hostile = try fixture.connect()
        try? hostile.send(request)
        // Either a 4xx/5xx answer or a closed connection is fine; a 200 is not.
        if let response = try? hostile.readResponse() {
            #expect(response.status >= 400)
        }
        #expect(try fixture.connect().get("/").status == 200)
    }

    @Test func aClientVanishingMidRequestIsHarmless() throws {
        do {
            let partial = try fixture.connect()
            try partial.send("GET /index.html HTTP/1.1\r\nHost: x\r\nX-Partial: ")
        }
        #expect(try fixture.connect().get("/").status == 200)
    }
}
