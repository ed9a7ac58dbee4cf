import BinderyHost
import Testing

/// Slow or idle clients holding connections must not starve a fresh request.
@Suite struct ConnectionLimitTests {
    @Test func threeHundredIdleConnectionsDoNotBlockAFreshRequest() throws {
        let fixture = try ServerFixture { _, responder in responder.respond(.text("fresh")) }
        var idle: [RawHTTPConnection] = []
        for index in 0..<300 {
            let connection = try fixture.connect()
            // Some say nothing, some stall inside the request line or the headers.
            switch index % 3 {
            case 0: break
            case 1: try connection.send("GET /api/sta")
            default: try connection.send("GET /api/state HTTP/1.1\r\nHost: x\r\n")
            }
            idle.append(connection)
        }
        let fresh = try fixture.connect().get("/api/state")
        #expect(fresh.status == 200)
        #expect(fresh.text == "fresh")
        #expect(idle.count == 300)
    }

    @Test func silentConnectionsAreClosedAfterTheIdleTimeout() throws {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(
                listener: .address(host: "127.0.0.1", port: 0), idleTimeoutSeconds: 1),
            handler: { _, responder in responder.respond(.text("ok")) })
        defer { server.stop() }
        let silent = try RawHTTPConnection(port: server.port)
        let kept = try RawHTTPConnection(port: server.port)
        #expect(try kept.get("/").status == 200)
        // Both go quiet; the server ends both (the safety timeout of the read is far longer).
        #expect(try silent.readsEndOfStream())
        #expect(try kept.readsEndOfStream())
    }
}
