import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// Dates, optionals, arrays, dictionaries and an enum as inputs of a real DaemonMain program
/// (bindery-types-daemon): set as binderyctl sends them (the text as typed), described with
/// their types, shown as JSON over HTTP, and restored after a restart; and its actions taking
/// and sending a Codable struct or nothing, and failing with a LocalizedError, run and shown.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ValueTypesEndToEndTests {
    /// What binderyctl sends for `set journey.NAME TEXT`.
    private func set(_ name: String, _ text: String, on control: ControlClient) throws -> JSONValue {
        let request = JSONValue.object([("op", .string("set")), ("vm", .string("journey")), ("name", .string(name)), ("text", .string(text))])
        return try control.request(request.serialized)
    }

    @Test func typedValuesAreParsedShownAndRestored() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(program: "bindery-types-daemon", directory: directory.path("first"), latencyFlag: false)
        let control = try first.control()

        let describe = try control.request(#"{"op":"describe","vm":"journey"}"#)
        let inputs = describe["surface"]?["inputs"]?.arrayValue ?? []
        #expect(inputs.map { $0["name"]?.stringValue ?? "" }
            == ["departure", "returning", "seats", "ratio", "site", "ticket", "tags", "stops", "weights", "pace"])
        #expect(inputs.map { $0["type"]?.stringValue ?? "" }
            == ["string", "string", "int", "double", "string", "string", "json", "json", "json", "string"])
        #expect(inputs.filter { $0["optional"] == .bool(true) }.map { $0["name"]?.stringValue ?? "" } == ["returning", "seats", "site"])

        let sets: [(String, String, String)] = [
            ("departure", "2026-12-01T23:41:07Z", #""2026-12-01T23:41:07.000Z""#),
            ("returning", "2026-12-02T10:00:00Z", #""2026-12-02T10:00:00.000Z""#),
            ("seats", "null", "null"),
            ("ratio", "0.25", "0.25"),
            ("site", "https://example.com/trip", #""https://example.com/trip""#),
            ("ticket", "00000000-0000-0000-0000-000000000001", #""00000000-0000-0000-0000-000000000001""#),
            ("tags", #"["a","b"]"#, #"["a","b"]"#),
            ("stops", #"["2026-12-03T08:00:00Z"]"#, #"["2026-12-03T08:00:00.000Z"]"#),
            ("weights", #"{"b":0.5,"a":1}"#, #"{"a":1.0,"b":0.5}"#),
            ("pace", "brisk", #""brisk""#),
        ]
        for (name, text, shown) in sets {
            let reply = try set(name, text, on: control)
            #expect(reply.isOK, "set journey.\(name) \(text): \(reply.serialized)")
            #expect(reply["value"]?.serialized == shown, "the reply carries the value as stored: \(reply.serialized)")
        }
        let refused = try set("returning", "tomorrow", on: control)
        #expect(refused.errorMessage
            == "journey.returning expects an ISO 8601 date and time such as 2026-12-01T23:41:07Z or null, got \"tomorrow\"")
        let badElement = try set("stops", #"["soon"]"#, on: control)
        #expect(badElement.errorMessage == #"journey.stops expects Array<Date> as JSON (its Codable form), got ["soon"]"#)

        func shownInputs(_ daemon: DaemonProcess) throws -> JSONValue? {
            let state = try JSONParser.parse(try daemon.http().get("/api/state").body)
            return state["viewModels"]?["journey"]?["inputs"]
        }
        let shown = try #require(try shownInputs(first))
        for (name, _, expected) in sets {
            #expect(shown[name]?.serialized == expected, "journey.\(name) shown as \(shown[name]?.serialized ?? "nothing")")
        }
        #expect(try shownInputs(first)?.serialized == shown.serialized)
        #expect(first.stop() == 0)

        let second = try DaemonProcess(program: "bindery-types-daemon", directory: directory.path("second"),
                                       stateDirectory: first.stateDirectory, latencyFlag: false)
        #expect(try shownInputs(second)?.serialized == shown.serialized, "a restart restores every value as it was shown")

        // As a person types them in binderyctl: a bare JSON array, null for an optional, an
        // enum's raw value; `show` says which inputs take null.
        let binderyctl = Process()
        binderyctl.executableURL = URL(fileURLWithPath: DaemonProcess.path(of: "binderyctl"))
        binderyctl.arguments = ["--socket", second.socketPath, "-c", #"set journey.tags ["x", "y z"]"#,
                                "-c", "set journey.returning null", "-c", "set journey.pace calm", "-c", "show journey"]
        let output = Pipe()
        binderyctl.standardOutput = output
        try binderyctl.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        binderyctl.waitUntilExit()
        #expect(binderyctl.terminationStatus == 0, "\(printed)")
        #expect(printed.contains("journey.returning = null"), "\(printed)")
        #expect(printed.contains(#"journey.pace = "calm""#), "\(printed)")
        #expect(printed.contains("  seats      int or null  "), "\(printed)")
        // Types read as written (an enum that is not CaseIterable by its name alone).
        for spelled in ["  departure  Date  ", "  returning  Date?  ", "  tags       [String]  ", "  pace       Pace  "] {
            #expect(printed.contains(spelled), "\(spelled) in \(printed)")
        }
        let tags = try second.control().request(#"{"op":"get","vm":"journey","name":"tags"}"#)
        #expect(tags["value"]?.serialized == #"["x","y z"]"#)
        #expect(second.stop() == 0)
    }

    @Test func codableAndVoidActionsRunAndALocalizedErrorShowsItsDescription() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(program: "bindery-types-daemon", directory: directory.path("daemon"), latencyFlag: false)
        let control = try daemon.control()

        let describe = try control.request(#"{"op":"describe","vm":"journey"}"#)
        let arguments = (describe["surface"]?["commands"]?.arrayValue ?? []).map {
            "\($0["name"]?.stringValue ?? "?") \($0["argument"]?.serialized ?? "?")"
        }
        #expect(arguments == [#"book {"name":"value","type":"json"}"#, "markRead null", "cancel null"])

        let booking = #"{"seat":"3C","pace":"brisk","at":"2026-12-01T23:41:07Z"}"#
        let shown = #"{"seat":"3C","pace":"brisk","at":"2026-12-01T23:41:07.000Z"}"#
        let booked = try control.request(#"{"op":"run","vm":"journey","name":"book","arg":\#(booking)}"#)
        #expect(booked.isOK, "\(booked.serialized)")
        #expect(booked["value"]?.serialized == shown, "a Codable output is shown as its Codable record")
        let refused = try control.request(#"{"op":"run","vm":"journey","name":"book","arg":{"seat":"4D"}}"#)
        #expect(refused.errorCode == "invalid_argument")
        #expect(refused.errorMessage == #"journey.book expects value to be Booking as JSON (its Codable form), got {seat: "4D"}"#)

        let read = try control.request(#"{"op":"run","vm":"journey","name":"markRead"}"#)
        #expect(read.isOK, "\(read.serialized)")
        #expect(read["value"] == .null, "a Void output is null: \(read.serialized)")

        let cancelled = try control.request(#"{"op":"run","vm":"journey","name":"cancel"}"#)
        #expect(cancelled.errorCode == "failed")
        #expect(cancelled.errorMessage == "Server error 503, please try again")

        let state = try JSONParser.parse(try daemon.http().get("/api/state").body)
        let journey = state["viewModels"]?["journey"]
        #expect(journey?["outputs"]?["booked"]?.serialized == shown)
        #expect(journey?["commands"]?["book"]?["lastValue"]?.serialized == shown)
        #expect(journey?["commands"]?["markRead"]?["lastValue"] == .null)
        #expect(journey?["commands"]?["markRead"]?["runs"]?.serialized == "1")
        #expect(journey?["commands"]?["cancel"]?["lastError"]?["message"]?.stringValue == "Server error 503, please try again")

        let events = try control.request(#"{"op":"log","n":100}"#)["events"]?.arrayValue ?? []
        let finishes = events.filter { $0["kind"]?.stringValue == "finish" }
        #expect(finishes.map { "\($0["name"]?.stringValue ?? "?") \($0["value"]?.serialized ?? "?")" } == ["book \(shown)", "markRead null"])
        let failure = events.first { $0["kind"]?.stringValue == "fail" && $0["name"]?.stringValue == "cancel" }
        #expect(failure?["error"]?.stringValue == "Server error 503, please try again")

        // As a person types them in binderyctl: a bare JSON object, no argument at all; the
        // last, failing, run ends the script with status 1.
        let binderyctl = Process()
        binderyctl.executableURL = URL(fileURLWithPath: DaemonProcess.path(of: "binderyctl"))
        binderyctl.arguments = ["--socket", daemon.socketPath, "-c", #"run journey.book {"seat": "1A", "pace": "calm", "at": "2026-12-02T10:00:00Z"}"#,
                                "-c", "run journey.markRead", "-c", "run journey.cancel"]
        let output = Pipe()
        binderyctl.standardOutput = output
        binderyctl.standardError = output
        try binderyctl.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        binderyctl.waitUntilExit()
        #expect(binderyctl.terminationStatus == 1, "\(printed)")
        let lines = printed.split(separator: "\n").map(String.init)
        // The booking sent back, as a record: one field a line.
        #expect(lines.contains(#"seat  "1A""#) && lines.contains(#"at    "2026-12-02T10:00:00.000Z""#), "\(printed)")
        // Nothing printed for markRead's Void beyond that it finished.
        let markRead = try #require(lines.firstIndex { $0.hasPrefix("journey.markRead finished") }, "\(printed)")
        #expect(lines.dropFirst(markRead + 1).first == "error: Server error 503, please try again", "\(printed)")
        #expect(!printed.contains("server(code: 503)"), "\(printed)")
        #expect(daemon.stop() == 0)
    }
}
