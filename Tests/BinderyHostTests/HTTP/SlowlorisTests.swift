import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// Slowloris: request heads trickled a byte at a time, never silent long enough for an idle
/// timeout, must still be complete within the head timeout — else the connection is closed,
/// and the slots it held serve others again: a request made as soon as the tricklers see
/// their connections end is served, even before libmicrohttpd has released them.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct SlowlorisTests {
    /// Sends one byte of a never-ending head on each connection every `interval` until every
    /// connection is closed by the server or `window` seconds passed; returns how many of them
    /// were closed, and after how many seconds the last was.
    private func trickle(_ connections: [RawHTTPConnection], every interval: useconds_t, window: Double) -> (closed: Int, lastAfter: Double) {
        let start = Date()
        var open = Set(connections.indices)
        var lastClosed = 0.0
        for (index, connection) in connections.enumerated() where (try? connection.send("GET /api/state HTTP/1.1\r\n")) == nil {
            open.remove(index)
        }
        while !open.isEmpty, Date().timeIntervalSince(start) < window {
            usleep(interval)
            for index in open {
                if hasEnded(connections[index]) || (try? connections[index].send("X")) == nil {
                    open.remove(index)
                    lastClosed = Date().timeIntervalSince(start)
                }
            }
        }
        return (connections.count - open.count, lastClosed)
    }

    /// Whether the server ended the connection (end of stream or an error), without waiting.
    private func hasEnded(_ connection: RawHTTPConnection) -> Bool {
        var byte: UInt8 = 0
        let peek = recv(connection.descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
        return peek == 0 || (peek < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    @Test func trickledHeadsAreClosedAtTheHeadTimeout() throws {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(
                listener: .address(host: "127.0.0.1", port: 0), connectionLimit: 16, idleTimeoutSeconds: 30, headTimeoutSeconds: 1),
            handler: { _, responder in responder.respond(.text("ok")) })
        defer { server.stop() }
        let tricklers = try (0..<16).map { _ in try RawHTTPConnection(port: server.port) }
        // A byte every 0.2 s: the 30 s idle timeout never fires; only the 1 s head deadline can.
        let result = trickle(tricklers, every: 200_000, window: 10)
        #expect(result.closed == 16)
        let next = try RawHTTPConnection(port: server.port).get("/")
        #expect(next.status == 200, "\(next.status) \(next.text)")
        // A keep-alive connection's next head has a deadline too (the idle timeout).
        let kept = try RawHTTPConnection(port: server.port)
        #expect(try kept.get("/").status == 200)
    }

    @Test func aTricklersSlotIsFreeAsSoonAsItsConnectionEnds() throws {
        // Two worker threads. The first holder's request holds one thread in the handler, so
        // the tricklers and the second holder land on the other, which the second holder
        // then holds: libmicrohttpd cannot release the tricklers' connections while the head
        // deadline shuts them down. The first thread, let go, takes the next request.
        let holds = ["/hold/1", "/hold/2"].map { path in (path: path, entered: DispatchSemaphore(value: 0), proceed: DispatchSemaphore(value: 0)) }
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(
                listener: .address(host: "127.0.0.1", port: 0), threadCount: 2, connectionLimit: 4,
                idleTimeoutSeconds: 30, headTimeoutSeconds: 1),
            handler: { request, responder in
                if let hold = holds.first(where: { $0.path == request.path }) {
                    hold.entered.signal()
                    _ = hold.proceed.wait(timeout: .now() + 20)
                }
                responder.respond(.text("ok"))
            })
        defer { server.stop() }
        func hold(_ index: Int) throws -> RawHTTPConnection {
            let holder = try RawHTTPConnection(port: server.port)
            try holder.send("GET \(holds[index].path) HTTP/1.1\r\nHost: \(holder.hostHeader)\r\n\r\n")
            #expect(holds[index].entered.wait(timeout: .now() + 10) == .success)
            return holder
        }
        let first = try hold(0)
        let tricklers = try (0..<2).map { _ in try RawHTTPConnection(port: server.port) }
        for trickler in tricklers { try trickler.send("GET / HTTP/1.1\r\n") }
        let second = try hold(1)
        #expect(waitUntil { tricklers.allSatisfy(hasEnded) }, "the head deadline shuts both tricklers down")
        holds[0].proceed.signal()
        #expect(try first.readResponse().status == 200)
        let next = try RawHTTPConnection(port: server.port).get("/")
        holds[1].proceed.signal()
        #expect(next.status == 200, "\(next.status) \(next.text)")
        #expect(try second.readResponse().status == 200)
    }

    @Test func theDaemonClosesTricklersThatHoldEverySlot() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--http-connections", "16"])
        let tricklers = try (0..<16).map { _ in try daemon.http() }
        // A byte a second for up to 25 s: the daemon's 10 s head timeout must end them all.
        let result = trickle(tricklers, every: 1_000_000, window: 25)
        #expect(result.closed == 16, "\(result)")
        #expect(result.lastAfter < 25)
        let next = try daemon.http().get("/api/state")
        #expect(next.status == 200, "\(next.status) \(next.text)")
        #expect(daemon.stop() == 0)
    }
}
