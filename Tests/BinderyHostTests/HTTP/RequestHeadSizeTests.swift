import BinderyHost
import BinderyTestSupport
import Testing

/// libmicrohttpd gets 16 KiB per connection (see `HTTPServer`): a request head of a few
/// kilobytes, as browsers with cookies send, must still be served, and one far beyond the
/// limit refused without stopping the server.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct RequestHeadSizeTests {
    let fixture: ServerFixture

    init() throws {
        fixture = try ServerFixture { request, responder in
            responder.respond(.text(request.header("X-Long").map { "\($0.utf8.count)\n" } ?? "none\n"))
        }
    }

    @Test func anEightKilobyteHeaderIsServed() throws {
        let value = String(repeating: "c", count: 8_192)
        let response = try fixture.connect().get("/", headers: ["X-Long: " + value])
        #expect(response.status == 200)
        #expect(response.text == "8192\n")
    }

    @Test func aHeadBeyondTheLimitIsRefusedAndTheServerStaysUp() throws {
        let hostile = try fixture.connect()
        try? hostile.send("GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + String(repeating: "a", count: 20_000) + "\r\n\r\n")
        // libmicrohttpd answers 431 (docs/HTTP.md), unless the connection closes first.
        if let response = try? hostile.readResponse() {
            #expect(response.status == 431)
        }
        #expect(try fixture.connect().get("/").status == 200)
    }
}
