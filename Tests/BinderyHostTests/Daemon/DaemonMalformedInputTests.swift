import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// Hostile control frames get error replies, change nothing, and the daemon keeps serving.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct DaemonMalformedInputTests {
    /// The unknown-op messages name the declared ops (`ControlOp`), and a missing or mistyped
    /// field is named with the type it needs, word for word as before the ops were declared.
    @Test func unknownOpsAndBadFieldsAreWordedByTheDeclaredOps() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        let cases: [(String, String, String)] = [
            (#"{"id":1}"#, "unknown_op", "request has no 'op'; ops: ping, list, describe, get, set, run, interrupt, watch, log, restore, session, import"),
            (#"{"op":7}"#, "unknown_op", "field 'op' must be a string"),
            (#"{"op":"pingg"}"#, "unknown_op", "unknown op 'pingg' — did you mean 'ping'?"),
            (#"{"op":"zzzzzzzzzz"}"#, "unknown_op", "unknown op 'zzzzzzzzzz' (ops: ping, list, describe, get, set, run, interrupt, watch, log, restore, session, import)"),
            (#"{"op":"describe"}"#, "bad_request", "describe needs field 'vm' (a string)"),
            (#"{"op":"interrupt","vm":"api","name":3}"#, "bad_request", "field 'name' must be a string, got a number"),
            (#"{"op":"log","n":"x"}"#, "bad_request", "field 'n' must be an integer, got a string"),
            (#"{"op":"restore"}"#, "bad_request", "restore needs field 'version' (a version)"),
        ]
        for (frame, code, message) in cases {
            let reply = try client.request(frame)
            #expect(reply.errorCode == code, "\(frame)")
            #expect(reply.errorMessage == message, "\(frame)")
        }
    }

    @Test func malformedFramesGetErrorRepliesAndTheDaemonKeepsServing() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        let version = try client.request("{\"op\":\"ping\"}")["version"]

        let cases: [(String, String)] = [
            ("not json", "bad_request"),
            ("[1,2]", "bad_request"),
            ("42", "bad_request"),
            ("{\"op\":\"set\",", "bad_request"),
            ("{\"id\":5,\"op\":\"set\",\"vm\":1,\"name\":\"latencyMs\",\"value\":3}", "bad_request"),
            ("{\"op\":\"get\",\"vm\":\"api\",\"name\":[\"x\"]}", "bad_request"),
            ("{\"op\":7}", "unknown_op"),
            ("{\"id\":1}", "unknown_op"),
            ("{\"op\":\"pingg\"}", "unknown_op"),
            ("{\"op\":\"run\",\"vm\":\"api\"}", "bad_request"),
            (String(repeating: "[", count: 100_000), "bad_request"),
            ("{\"op\":\"ping\",\"id\":\"\\ud800\"}", "bad_request"),
        ]
        for (frame, code) in cases {
            try client.send(line: frame)
            let reply = try client.readReply()
            #expect(reply.errorCode == code, "\(frame.prefix(40))")
            #expect(reply["ok"] == .bool(false))
        }
        // The id of an object is echoed even when its fields are wrong.
        try client.send(line: "{\"id\":{\"n\":[1]},\"op\":\"set\",\"vm\":1}")
        #expect(try client.readReply()["id"] == .object([("n", .array([.int(1)]))]))

        // Binary garbage, including invalid UTF-8 and NUL bytes.
        var garbage: [UInt8] = [0xFF, 0xFE, 0x00, 0x7B, 0xC3, 0x28, 0x80]
        for index in 0..<4_000 { garbage.append(UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) | 0x80) }
        garbage.append(UInt8(ascii: "\n"))
        try client.send(garbage)
        #expect(try client.readReply().errorCode == "bad_request")

        // A frame over 1 MiB: one error, the rest of the line is discarded.
        var huge = Array("{\"op\":\"set\",\"vm\":\"api\",\"name\":\"latencyMs\",\"value\":\"".utf8)
        huge += [UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) + 10)
        huge += Array("\"}\n".utf8)
        try client.send(huge)
        #expect(try client.readReply().errorCode == "frame_too_large")

        let after = try client.request("{\"op\":\"ping\"}")
        #expect(after.isOK)
        #expect(after["version"] == version)
        #expect(try client.request(#"{"op":"get","vm":"api","name":"latencyMs"}"#)["value"] == .int(0))

        // A client that disconnects mid-line does not disturb others.
        do {
            let rude = try daemon.control()
            try rude.send(Array("{\"op\":\"ping\"".utf8))
        }
        #expect(try daemon.control().request("{\"op\":\"ping\"}").isOK)
        #expect(daemon.stop() == 0)
    }

    /// A 900,000-character name — of a view model, a member, an op — is answered with the
    /// usual one-line error (the name quoted as 40 characters and its size), and costs no more
    /// memory than the frame itself: the did-you-mean comparison skips names over
    /// `DidYouMean.maximumComparedLength`. Before, each such name cost a second of CPU and
    /// 150 MB the daemon kept.
    @Test func aHugeUnknownNameIsAnsweredInOneLineAndCostsNoMemory() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"), logLevel: "warning")
        let client = try daemon.control()
        let huge = String(repeating: "a", count: 900_000)
        let cases: [(String, String)] = [
            (#"{"op":"get","vm":"\#(huge)"}"#, "unknown_view_model"),
            (#"{"op":"describe","vm":"\#(huge)"}"#, "unknown_view_model"),
            (#"{"op":"watch","vm":"\#(huge)"}"#, "unknown_view_model"),
            (#"{"op":"get","vm":"api","name":"\#(huge)"}"#, "unknown_input"),
            (#"{"op":"get","vm":"api","name":"\#(huge)","at":1}"#, "unknown_input"),
            (#"{"op":"set","vm":"api","name":"\#(huge)","value":1}"#, "unknown_input"),
            (#"{"op":"run","vm":"api","name":"\#(huge)"}"#, "unknown_command"),
            (#"{"op":"interrupt","vm":"api","name":"\#(huge)"}"#, "unknown_command"),
            (#"{"op":"\#(huge)"}"#, "unknown_op"),
        ]
        let version = try client.request(#"{"op":"ping"}"#)["version"]
        let before = try daemon.residentBytes()
        for (request, code) in cases {
            let reply = try client.request(request)
            #expect(reply.errorCode == code, "\(request.prefix(40))")
            let message = reply.errorMessage ?? ""
            #expect(message.contains("'\(String(repeating: "a", count: 40))…' (900,000 characters)"), "\(message.prefix(200))")
            #expect(message.utf8.count < 300 && !message.contains("\n"), "\(message.prefix(400))")
        }
        // Each request's frame (900 KB) and its parsed form are transient; the comparison's
        // table was 150 MB per name, and stayed.
        let grown = try daemon.residentBytes() - before
        // Under ThreadSanitizer or AddressSanitizer the resident size is the sanitizer's (its
        // shadow memory and an allocator that never gives back or quarantines), not the
        // daemon's: the one-line answers are checked there too, the memory only in ordinary builds.
        if !underThreadSanitizer && !underAddressSanitizer {
            #expect(grown < 64 << 20, "resident memory grew by \(grown >> 20) MiB over \(cases.count) huge names")
        }
        #expect(try client.request(#"{"op":"ping"}"#)["version"] == version)
        #expect(daemon.stop() == 0)
    }

    /// `null` is not how a field is left out: where a field has a type — a version (`at`,
    /// `version`), a string (`vm`, `name`, `text`), a boolean (`surface`, `wait`), an integer
    /// (`n`) — null is refused like any wrong type, naming the field, and changes nothing.
    /// (`"at": null` read the current state as if `at` were absent.) A `value` or `arg` of
    /// null is a value, and stays one.
    @Test func nullWhereAFieldHasATypeIsRefusedNotTakenAsAbsent() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        let version = try client.request(#"{"op":"ping"}"#)["version"]
        let cases: [(String, String, String)] = [
            (#"{"op":"get","vm":"api","at":null}"#, "bad_request", "field 'at' must be a version (a non-negative integer), got null"),
            (#"{"op":"get","vm":"api","name":"latencyMs","at":null}"#, "bad_request", "field 'at' must be a version (a non-negative integer), got null"),
            (#"{"op":"restore","version":null}"#, "bad_request", "field 'version' must be a version (a non-negative integer), got null"),
            (#"{"op":"get","vm":null}"#, "bad_request", "field 'vm' must be a string, got null"),
            (#"{"op":"get","vm":"api","name":null}"#, "bad_request", "field 'name' must be a string, got null"),
            (#"{"op":"get","vm":"api","surface":null}"#, "bad_request", "field 'surface' must be a boolean, got null"),
            (#"{"op":"set","vm":"api","name":"latencyMs","text":null}"#, "bad_request", "field 'text' must be a string, got null"),
            (#"{"op":"set","vm":"api","name":null,"value":5}"#, "bad_request", "field 'name' must be a string, got null"),
            (#"{"op":"run","vm":"login","name":"fillUp","wait":null}"#, "bad_request", "field 'wait' must be a boolean, got null"),
            (#"{"op":"log","n":null}"#, "bad_request", "field 'n' must be an integer, got null"),
            (#"{"op":"watch","vm":null}"#, "bad_request", "field 'vm' must be a string, got null"),
            (#"{"op":null}"#, "unknown_op", "field 'op' must be a string"),
            (#"{"op":"get","vm":"api","at":-1}"#, "invalid_argument", "field 'at' must be a version (a non-negative integer), got -1"),
            (#"{"op":"get","vm":"api","at":"1"}"#, "bad_request", "field 'at' must be a version (a non-negative integer), got a string"),
        ]
        for (request, code, message) in cases {
            let reply = try client.request(request)
            #expect(reply.errorCode == code, "\(request)")
            #expect(reply.errorMessage == message, "\(request)")
        }
        #expect(try client.request(#"{"op":"ping"}"#)["version"] == version, "nothing changed")
        #expect(try client.request(#"{"op":"get","vm":"api","name":"latencyMs"}"#)["value"] == .int(0))
        // Absent, each is still optional.
        #expect(try client.request(#"{"op":"get","vm":"api"}"#).isOK)
        #expect(try client.request(#"{"op":"log"}"#).isOK)
    }
}
