import BinderyControl
import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// A control client that leaves a request line incomplete (bytes without their newline) for
/// longer than the bound is answered one error and disconnected — 2,000 such connections were
/// held for ever — while a client holding no partial line (a REPL waiting for its user, a
/// `watch`) is never disconnected for being idle. The HTTP side's slowloris bound
/// (SlowlorisTests) is the model.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ControlPartialLineTests {
    /// Answers each line with itself, and an incomplete line with an error naming the bound.
    private struct EchoHandler: ControlFrameHandler {
        func handle(frame: [UInt8], session: ControlSession) { session.reply(frame + [UInt8(ascii: "\n")]) }
        func handleOversizedFrame(session: ControlSession) { session.reply(Array("{\"error\":\"too large\"}\n".utf8)) }
        func handleIncompleteFrame(afterSeconds seconds: Double, session: ControlSession) {
            session.reply(Array("{\"error\":\"incomplete for \(seconds) s\"}\n".utf8))
        }
    }

    private func server(in directory: TemporaryDirectory, partialLineSeconds: Double) throws -> (ControlServer, String) {
        let path = directory.path("control.sock")
        let server = try ControlServer(listener: .path(path, mode: 0o600), handler: EchoHandler(), partialLineSeconds: partialLineSeconds)
        return (server, path)
    }

    /// Whether the peer has sent nothing unread and not ended the connection, without waiting.
    private func isSilent(_ client: ControlClient) -> Bool {
        var byte: UInt8 = 0
        let peek = recv(client.descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
        return peek < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// Reads to the end of the stream; false when a read fails or times out first.
    private func readsToEnd(_ client: ControlClient) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(client.descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
            if count < 0 { return false }
        }
    }

    @Test func aLineTrickledPastTheBoundGetsItsErrorAndTheConnectionCloses() throws {
        let directory = try TemporaryDirectory()
        let (server, path) = try server(in: directory, partialLineSeconds: 0.5)
        defer { server.closeAll() }
        let trickler = try ControlClient(path: path)
        // A byte every 50 ms: never silent, never a whole line.
        try trickler.send(Array("{\"op\":".utf8))
        #expect(waitUntil(seconds: 10) {
            if !isSilent(trickler) { return true }
            try? trickler.send([UInt8(ascii: " ")])
            usleep(40_000)
            return false
        }, "the trickler is answered")
        #expect(try trickler.readReply() == .object([("error", .string("incomplete for 0.5 s"))]))
        #expect(readsToEnd(trickler))
        // Others are served as before.
        #expect(try ControlClient(path: path).request(#"{"op":"ping"}"#)["op"] == .string("ping"))
    }

    @Test func anIdleConnectionWithNoPartialLineIsNeverClosed() throws {
        let directory = try TemporaryDirectory()
        let (server, path) = try server(in: directory, partialLineSeconds: 0.5)
        defer { server.closeAll() }
        let silent = try ControlClient(path: path)
        let answered = try ControlClient(path: path)
        #expect(try answered.request(#"{"op":"ping"}"#)["op"] == .string("ping"))
        // Two empty lines and a lone "\r" are no request, and leave no partial line either.
        try answered.send(Array("\n\r\n\n".utf8))
        // Four times the bound, idle: both stay open and are served.
        usleep(2_000_000)
        #expect(isSilent(silent) && isSilent(answered))
        #expect(try silent.request(#"{"op":"late"}"#)["op"] == .string("late"))
        #expect(try answered.request(#"{"op":"again"}"#)["op"] == .string("again"))
    }

    /// The bound is per line: a client whose lines each complete in time keeps its
    /// connection although a partial line was held longer than the bound all in all.
    @Test func eachLineHasItsOwnBound() throws {
        let directory = try TemporaryDirectory()
        let (server, path) = try server(in: directory, partialLineSeconds: 2)
        defer { server.closeAll() }
        let client = try ControlClient(path: path)
        try client.send(Array("{\"id\":1,".utf8))
        usleep(1_200_000)
        try client.send(Array("\"op\":\"a\"}\n{\"id\":2,".utf8))
        #expect(try client.readReply()["op"] == .string("a"))
        usleep(1_200_000)
        try client.send(Array("\"op\":\"b\"}\n".utf8))
        #expect(try client.readReply()["op"] == .string("b"))
        #expect(isSilent(client))
    }

    /// binderyd's bound is 10 s (`ControlServer.defaultPartialLineSeconds`): many clients
    /// holding partial lines are each answered `bad_request` and disconnected, while a
    /// connection waiting with nothing sent, one answered and idle, and a `watch` stay open
    /// and served.
    @Test func theDaemonClosesPartialLinesAndKeepsIdleClientsAndWatchers() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"), logLevel: "warning")
        let holders = try (0..<100).map { _ in try daemon.control() }
        for holder in holders { try holder.send(Array("{\"op\":\"pi".utf8)) }
        let silent = try daemon.control()
        let idle = try daemon.control()
        #expect(try idle.request(#"{"op":"ping"}"#).isOK)
        let watcher = try daemon.control()
        #expect(try watcher.request(#"{"op":"watch","vm":"api"}"#)["watching"] == .bool(true))
        #expect(waitUntil(seconds: 30) { !holders.contains(where: isSilent) }, "every partial line is answered")
        for holder in holders {
            let reply = try holder.readReply()
            #expect(reply.errorCode == "bad_request")
            #expect(reply.errorMessage == "request line incomplete for 10 s (bytes without a newline); the connection is closed")
            #expect(readsToEnd(holder), "and its connection closed")
        }
        #expect(isSilent(silent) && isSilent(idle) && isSilent(watcher))
        #expect(try silent.request(#"{"op":"ping"}"#).isOK)
        #expect(try idle.request(#"{"op":"set","vm":"api","name":"latencyMs","value":7}"#).isOK)
        let event = try watcher.readReply()
        #expect(event["event"]?["name"] == .string("latencyMs"))
        #expect(daemon.stop() == 0)
    }
}
