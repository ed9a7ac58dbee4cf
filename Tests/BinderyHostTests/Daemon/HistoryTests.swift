import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// The daemon's history (docs/HTTP.md `/api/history`, docs/PROTOCOL.md `get` with `at` and
/// `restore`) against the real binderyd: the state at each of 300 versions, across a restart,
/// and a past version's inputs put back as one acknowledged change.
@Suite(.timeLimit(.minutes(2))) struct HistoryTests {
    /// Sets api.failureRate 300 times (0.00, 0.01, … cycling), remembering each set's version.
    private func setMany(_ client: ControlClient, count: Int) throws -> [(version: Int, rate: String)] {
        var sets: [(Int, String)] = []
        for index in 0..<count {
            let rate = "0.\(String(format: "%02d", index % 100))"
            let reply = try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":\#(rate)}"#)
            sets.append((try #require(reply["version"]?.intValue), rate))
        }
        return sets
    }

    @Test func everyKeptVersionShowsItsStateAndSurvivesARestart() throws {
        let directory = try TemporaryDirectory()
        var daemon = try DaemonProcess(directory: directory.path("d"))
        let sets = try setMany(try daemon.control(), count: 300)

        // Every set's version, 300 back: /api/state?at=V shows the rate that set made.
        let http = try daemon.http()
        for (version, rate) in sets {
            let state = try http.get("/api/state?at=\(version)")
            #expect(state.status == 200, "v\(version)")
            let document = try JSONParser.parse(state.body)
            #expect(document["version"]?.intValue == version)
            #expect(document["viewModels"]?["api"]?["inputs"]?["failureRate"]?.doubleValue == Double(rate), "v\(version)")
        }
        // /api/history brings a checkpoint and every later version, one step each.
        let history = try JSONParser.parse(try http.get("/api/history").body)
        let steps = history["versions"]?.arrayValue?.compactMap { $0["version"]?.intValue } ?? []
        let from = try #require(history["from"]?.intValue)
        #expect(from <= sets[0].version && steps == Array((from + 1)...(sets.last!.version)))
        // Bad versions: a one-line 404 naming what is kept, a 400 for what is not a version.
        let missing = try http.get("/api/state?at=\(sets.last!.version + 50)")
        #expect(missing.status == 404 && missing.text.hasPrefix("version \(sets.last!.version + 50) is not kept: the current version is"))
        #expect(try http.get("/api/state?at=05").status == 400)
        #expect(try http.get("/api/history?from=x").status == 400)

        // After a restart the same versions read the same (the history is in state.sqlite).
        #expect(daemon.stop() == 0)
        daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        for (version, rate) in sets where version % 37 == 0 {
            let reply = try client.request(#"{"op":"get","vm":"api","name":"failureRate","at":\#(version)}"#)
            #expect(reply["value"]?.doubleValue == Double(rate), "v\(version) after the restart")
        }
        #expect(daemon.stop() == 0)
    }

    /// `at` does not wait, but a malformed `since` or `wait` beside it is refused as it is
    /// anywhere (schemathesis found `?since=-1&at=1` answered 200), naming the rule.
    @Test func aMalformedSinceOrWaitBesideAtIsRefused() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let http = try daemon.http()
        let refused = try http.get("/api/state?since=-1&at=1")
        #expect(refused.status == 400)
        #expect(refused.text == "since must be a version: a non-negative integer without leading zeros\n")
        #expect(try http.get("/api/state?at=1&wait=0.5").status == 400)
        #expect(try http.get("/api/state?at=1&since=1&wait=60").status == 200)
        #expect(daemon.stop() == 0)
    }

    @Test func restorePutsAPastVersionsInputsBackAsOneChange() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":250}"#).isOK)
        let past = try #require(try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":0.25}"#)["version"]?.intValue)
        #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":900}"#).isOK)
        let now = try #require(try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":0.75}"#)["version"]?.intValue)

        let restored = try client.request(#"{"op":"restore","version":\#(past)}"#)
        #expect(restored.isOK)
        // One new version for both inputs.
        #expect(restored["version"]?.intValue == now + 1)
        #expect(Set(restored["set"]?.arrayValue?.compactMap(\.stringValue) ?? []) == ["api.latencyMs", "api.failureRate"])
        #expect(try client.request(#"{"op":"get","vm":"api","name":"latencyMs"}"#)["value"] == .int(250))
        #expect(try client.request(#"{"op":"get","vm":"api","name":"failureRate"}"#)["value"] == .number("0.25"))
        // Logged as one `restore` event of that one version.
        let log = try client.request(#"{"op":"log","n":2}"#)["events"]?.arrayValue ?? []
        #expect(log.map { $0["version"]?.intValue } == [now, now + 1] && log.last?["kind"] == .string("restore"))
        #expect(log.last?["from"]?.intValue == past)

        // Restoring again changes nothing and makes no version.
        let again = try client.request(#"{"op":"restore","version":\#(past)}"#)
        #expect(again["version"]?.intValue == now + 1 && again["set"]?.arrayValue == [])
        // A version not kept, or not a version: one-line errors, nothing changes.
        let future = try client.request(#"{"op":"restore","version":\#(now + 100)}"#)
        #expect(future.errorCode == "invalid_argument" && future.errorMessage?.hasPrefix("version \(now + 100) is not kept") == true)
        #expect(try client.request(#"{"op":"restore","version":-1}"#).errorCode == "invalid_argument")
        #expect(try client.request(#"{"op":"restore"}"#).errorCode == "bad_request")
        #expect(try client.request("{\"op\":\"ping\"}")["version"]?.intValue == now + 1)
        #expect(daemon.stop() == 0)
    }

    /// How far back: after 1,250 versions the history starts at the newest checkpoint at least
    /// 1,000 versions back (between 1,000 and 1,099 versions kept), and nothing older is served.
    @Test func keepsBetween1000And1099VersionsBack() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let sets = try setMany(try daemon.control(), count: 1_250)
        let newest = sets.last!.version
        let http = try daemon.http()
        let history = try JSONParser.parse(try http.get("/api/history").body)
        let from = try #require(history["from"]?.intValue)
        #expect(newest - from >= 1_000 && newest - from < 1_100, "kept \(newest - from) versions back")
        #expect(from % 100 == 0, "the oldest kept is a checkpoint")
        #expect(try http.get("/api/state?at=\(from)").status == 200)
        let older = try http.get("/api/state?at=\(from - 1)")
        #expect(older.status == 404 && older.text.contains("the history keeps versions \(from)–\(newest)"))
        #expect(daemon.stop() == 0)
    }
}
