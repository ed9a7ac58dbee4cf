import Bindery
import BinderyHTTP
import BinderyHost
import BinderyPrimitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
import Testing
import BinderyTestSupport

/// Slow or idle clients holding connections must not starve a fresh request.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ConnectionLimitTests {
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

    @Test(.timeLimit(.minutes(2))) func pastTheLimitRequestsAre503AndTheOverloadIsLoggedOnce() throws {
        let lines = Lock<[String]>([])
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(
                listener: .address(host: "127.0.0.1", port: 0), connectionLimit: 16,
                overloadLog: { line in lines.withLock { $0.append(line) } }),
            handler: { _, responder in responder.respond(.text("ok")) })
        defer { server.stop() }
        #expect(server.connectionLimit == 16)
        var held: [RawHTTPConnection] = []
        for _ in 0..<16 {
            let connection = try RawHTTPConnection(port: server.port)
            #expect(try connection.get("/").status == 200)  // up to the limit, each is served and stays open
            held.append(connection)
        }
        // Over the limit, fresh requests are refused at once, and told to go.
        for _ in 0..<3 {
            let refused = try RawHTTPConnection(port: server.port).get("/")
            #expect(refused.status == 503)
            #expect(refused.header("Connection") == "close")
        }
        #expect(lines.withLock { $0.count } == 1)
        #expect(lines.withLock { $0.first?.contains("HTTP is full") } == true)
        held.removeAll()
        var answered = 0
        for _ in 0..<200 where answered == 0 {  // until the server has seen the closes
            if try RawHTTPConnection(port: server.port).get("/").status == 200 { answered += 1 } else { usleep(10_000) }
        }
        #expect(answered == 1)
        #expect(lines.withLock { $0.last?.contains("accepts requests again") } == true)
    }

    @Test(.timeLimit(.minutes(2))) func aConnectionWithoutARequestHeadIsClosedAfterTheHeadTimeout() throws {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(
                listener: .address(host: "127.0.0.1", port: 0), idleTimeoutSeconds: 30, headTimeoutSeconds: 1),
            handler: { _, responder in responder.respond(.text("ok")) })
        defer { server.stop() }
        let silent = try RawHTTPConnection(port: server.port)
        let stalled = try RawHTTPConnection(port: server.port)
        try stalled.send("GET / HTTP/1.1\r\nHost: x\r\n")
        let served = try RawHTTPConnection(port: server.port)
        #expect(try served.get("/").status == 200)
        // Neither finished a head within 1 s: both are closed (the idle timeout is 30 s).
        #expect(try silent.readsEndOfStream())
        #expect(try stalled.readsEndOfStream())
        // One that sent a whole head has the idle timeout: still served after the head timeout.
        #expect(try served.get("/").status == 200)
    }

    @Test(.timeLimit(.minutes(2))) func twoThousandIdleConnectionsLeaveAFreshRequestAnswered() throws {
        // The default limit (16,384), not the fixture's 1,024.
        let fixture = try ServerFixture(connectionLimit: HTTPServerConfiguration(listener: .socket(-1)).connectionLimit) { _, responder in
            responder.respond(.text("fresh"))
        }
        var idle: [RawHTTPConnection] = []
        for _ in 0..<2_000 { idle.append(try fixture.connect()) }
        let fresh = try fixture.connect().get("/healthz")
        #expect(fresh.status == 200)
        #expect(idle.count == 2_000)
    }
}
