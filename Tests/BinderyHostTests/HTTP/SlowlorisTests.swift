import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Foundation
import Glibc
import Testing

/// Slowloris: request heads trickled a byte at a time, never silent long enough for an idle
/// timeout, must still be complete within the head timeout — else the connection is closed,
/// and the slots it held serve others again.
@Suite(.timeLimit(.minutes(2))) struct SlowlorisTests {
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
                var byte: UInt8 = 0
                let peek = recv(connections[index].descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
                let gone = peek == 0 || (peek < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
                    || (try? connections[index].send("X")) == nil
                if gone {
                    open.remove(index)
                    lastClosed = Date().timeIntervalSince(start)
                }
            }
        }
        return (connections.count - open.count, lastClosed)
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
        #expect(try RawHTTPConnection(port: server.port).get("/").status == 200)
        // A keep-alive connection's next head has a deadline too (the idle timeout).
        let kept = try RawHTTPConnection(port: server.port)
        #expect(try kept.get("/").status == 200)
    }

    @Test func theDaemonClosesTricklersThatHoldEverySlot() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--http-connections", "16"])
        let tricklers = try (0..<16).map { _ in try daemon.http() }
        // A byte a second for up to 25 s: the daemon's 10 s head timeout must end them all.
        let result = trickle(tricklers, every: 1_000_000, window: 25)
        #expect(result.closed == 16, "\(result)")
        #expect(result.lastAfter < 25)
        #expect(try daemon.http().get("/api/state").status == 200)
        #expect(daemon.stop() == 0)
    }
}
