import Bindery
import BinderyHost
import BinderyJSON
import BinderyProtocol
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// The `interrupt` op against the real binderyd: a slow `products.refresh` ends as
/// `interrupted` for the client waiting on it.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct DaemonInterruptTests {
    @Test func interruptOpEndsAWaitingRun() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":20000}"#).isOK)
        try client.send(line: #"{"id":"r","op":"run","vm":"products","name":"refresh"}"#)
        // Wait until the run shows as executing, then interrupt it from a second connection.
        let other = try daemon.control()
        for _ in 0..<400 {
            let state = try other.request(#"{"op":"get","vm":"products","name":"refresh"}"#)
            if state["value"]?["executing"] == .bool(true) { break }
            usleep(10_000)
        }
        let interrupt = try other.request(#"{"op":"interrupt","vm":"products","name":"refresh"}"#)
        #expect(interrupt.isOK && interrupt["interrupted"] == .int(1))
        let reply = try client.readReply()
        #expect(reply["id"] == .string("r"))
        #expect(reply.errorCode == "interrupted")
        #expect(reply["error"]?["message"] == .string("products.refresh was interrupted by a client"))
        #expect(daemon.stop() == 0)
    }
}
