import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// A `set` against the real binderyd (docs/PROTOCOL.md, "The life of a set"): typed text
/// parsed by the daemon, one `set` event before its effects and no second `change` for the
/// input it set, and the change feed carrying each version's events.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct SetPathTests {
    @Test func textIsParsedByTheInputsTypeAndABadOneNamesTheType() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let control = try daemon.control()
        let set = try control.request(#"{"op":"set","vm":"api","name":"latencyMs","text":" 250 "}"#)
        #expect(set["value"] == .int(250))
        let bad = try control.request(#"{"op":"set","vm":"api","name":"latencyMs","text":"99999999999999999999"}"#)
        #expect(bad.errorCode == "invalid_value")
        #expect(bad.errorMessage == #"api.latencyMs expects an int between 0 and 60000, got "99999999999999999999", which is out of range"#)
        let both = try control.request(#"{"op":"set","vm":"api","name":"latencyMs","text":"1","value":1}"#)
        #expect(both.errorCode == "bad_request")
        let notAnInput = try control.request(#"{"op":"set","vm":"signin","name":"isValid","text":"1"}"#)
        #expect(notAnInput.errorMessage == "'isValid' in signin is not an input (inputs: username, password)")
        #expect(daemon.stop() == 0)
    }

    @Test func aSetIsOneEventBeforeItsEffectsAndTheFeedCarriesIt() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let watcher = try daemon.control()
        #expect(try watcher.request(#"{"op":"watch","vm":"signin"}"#).isOK)
        let http = try daemon.http()
        let cursor = try #require(try JSONParser.parse(http.get("/api/changes").body)["version"]?.intValue)

        let control = try daemon.control()
        let reply = try control.request(#"{"op":"set","vm":"signin","name":"username","text":"ada_l"}"#)
        let version = try #require(reply["version"]?.intValue)
        var events: [JSONValue] = []
        // The set and usernameColor's change ("" is red, "ada_l" white); isValid stays false.
        while events.count < 2 {
            if let event = try watcher.readReply()["event"] { events.append(event) }
        }
        let ofThisVersion = events.filter { $0["version"]?.intValue == version }
        #expect(ofThisVersion.first?["kind"] == .string("set"))
        #expect(ofThisVersion.first?["value"] == .string("ada_l"))
        // The input's own change is the set; only its effects follow as `change`s.
        #expect(!ofThisVersion.contains { $0["kind"] == .string("change") && $0["name"] == .string("username") })
        #expect(ofThisVersion.contains { $0["kind"] == .string("change") && $0["name"] == .string("usernameColor") })

        // A set to the value the input already holds changed nothing, and is still logged.
        let again = try control.request(#"{"op":"set","vm":"signin","name":"username","text":"ada_l"}"#)
        #expect(again.isOK)

        let feed = try JSONParser.parse(http.get("/api/changes?since=\(cursor)").body)
        let fed = feed["events"]?.arrayValue ?? []
        #expect(fed.map { $0["kind"] } == [.string("set"), .string("set")])
        #expect(fed.map { $0["value"] } == [.string("ada_l"), .string("ada_l")])
        let logged = try JSONParser.parse(http.get("/api/events?since=\(cursor)").body)["events"]?.arrayValue ?? []
        #expect(logged == fed, "the feed's events are the event log's")
        #expect(daemon.stop() == 0)
    }
}
