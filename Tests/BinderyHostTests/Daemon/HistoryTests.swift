import BinderyJSON
import BinderyPersistence
import BinderySQLite
import BinderyTestSupport
import Foundation
import Testing

/// The daemon's history (docs/HTTP.md `/api/history`, docs/PROTOCOL.md `get` with `at` and
/// `restore`) against the real binderyd: the state at each of 300 versions, across a restart,
/// and a past version's inputs put back as one acknowledged change.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct HistoryTests {
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

    /// How far back: the history keeps `--history-mib` of bytes, on disk and in memory — 40
    /// searches of 1,000 books each (every result a 1,000-row list) outgrow 1 MiB, so the
    /// oldest are "not kept" while every version inside the budget reads back, before and
    /// after a restart (which reads only the newest checkpoint on: older ones come from
    /// state.sqlite on demand).
    @Test func keepsItsByteBudgetOnDiskAndInMemoryAcrossARestart() throws {
        let directory = try TemporaryDirectory()
        let arguments = ["--history-mib", "1"]
        var daemon = try DaemonProcess(directory: directory.path("d"), extraArguments: arguments, logLevel: "warning")
        #expect(daemon.stop() == 0)
        let store = try SQLiteDatabase(.file(path: daemon.stateDirectory + "/bindery.sqlite"))
        for index in 0..<2_000 {
            try store.execute("INSERT INTO books (id, title, author, year) VALUES (?, ?, ?, ?)",
                              [10_000 + index, (index % 2 == 0 ? "Alpha " : "Beta ") + String(index), "Author \(index % 7)", 1_990])
        }
        daemon = try DaemonProcess(directory: directory.path("d"), extraArguments: arguments, logLevel: "warning")
        var client = try daemon.control()
        var searches: [(version: Int, word: String)] = []
        for index in 0..<40 {
            let word = index % 2 == 0 ? "Alpha" : "Beta"
            #expect(try client.request(#"{"op":"set","vm":"books","name":"query","value":"\#(word)"}"#).isOK)
            #expect(try client.request(#"{"op":"run","vm":"books","name":"search"}"#).isOK)
            searches.append((try #require(try client.request(#"{"op":"ping"}"#)["version"]?.intValue), word))
        }
        let database = try SQLiteDatabase(.file(path: daemon.stateDirectory + "/" + InputStore.fileName))
        let stored = try #require(try database.queryFirst("SELECT sum(length(json)) AS bytes FROM history")).value("bytes", as: Int64.self)
        // The budget, the newest segment (a sixteenth of it) and one version with its checkpoint.
        #expect(stored <= (1 << 20) + (1 << 16) + 200_000, "state.sqlite keeps \(stored) bytes of history")

        /// The first title of `books` at each search's version, from the history.
        func unreadable(_ client: ControlClient, from oldest: Int) throws -> [Int] {
            try searches.filter { $0.version >= oldest }.compactMap { search in
                let reply = try client.request(#"{"op":"get","vm":"books","name":"books","at":\#(search.version)}"#)
                let title = reply["value"]?.arrayValue?.first?["title"]?.stringValue ?? ""
                return reply["value"]?.arrayValue?.count == 1_000 && title.hasPrefix(search.word) ? nil : search.version
            }
        }
        var http = try daemon.http()
        let oldest = try #require(try JSONParser.parse(http.get("/api/history?limit=1").body)["oldest"]?.intValue)
        #expect(oldest > searches[10].version && oldest <= searches[38].version, "the oldest kept is \(oldest)")
        let dropped = try client.request(#"{"op":"get","vm":"books","name":"books","at":\#(searches[0].version)}"#)
        #expect(dropped.errorCode == "invalid_argument"
                && dropped.errorMessage?.hasPrefix("version \(searches[0].version) is not kept: the history keeps versions \(oldest)–") == true)
        #expect(try http.get("/api/state?at=\(oldest - 1)").status == 404)
        #expect(try unreadable(client, from: oldest).isEmpty)

        #expect(daemon.stop() == 0)
        daemon = try DaemonProcess(directory: directory.path("d"), extraArguments: arguments, logLevel: "warning")
        client = try daemon.control()
        http = try daemon.http()
        #expect(try JSONParser.parse(http.get("/api/history?limit=1").body)["oldest"]?.intValue == oldest)
        let afterRestart = try unreadable(client, from: oldest)
        #expect(afterRestart.isEmpty, "versions kept but unreadable after the restart: \(afterRestart)")
        #expect(daemon.stop() == 0)
    }

    /// `/api/history` is paged: each answer holds at most `limit` versions, `older` and
    /// `newer` chain the pages from the oldest kept version to the current one, and a bad
    /// parameter is a one-line 400.
    @Test func historyIsReadAPageAtATime() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let sets = try setMany(try daemon.control(), count: 120)
        let http = try daemon.http()
        let current = sets.last!.version
        var steps: [Int] = []
        var path = "/api/history?limit=25"
        var first = 0
        while true {
            let page = try JSONParser.parse(try http.get(path).body)
            let versions = page["versions"]?.arrayValue?.compactMap { $0["version"]?.intValue } ?? []
            let from = try #require(page["from"]?.intValue), to = try #require(page["to"]?.intValue)
            #expect(versions.count <= 25 && to > from && versions == Array((from + 1)...to))
            #expect(try #require(page["state"]?["version"]?.intValue) == from)
            steps = versions + steps
            first = from
            guard let older = page["older"]?["to"]?.intValue else { break }
            #expect(older == from)
            path = "/api/history?limit=25&to=\(older)"
        }
        #expect(steps == Array((first + 1)...current) && first <= sets[0].version)
        // Forward from a version: the state at it, then the next ones, and where to go on.
        let forward = try JSONParser.parse(try http.get("/api/history?from=\(sets[10].version)&limit=5").body)
        #expect(forward["state"]?["viewModels"]?["api"]?["inputs"]?["failureRate"]?.doubleValue == Double(sets[10].rate))
        #expect(forward["versions"]?.arrayValue?.count == 5 && forward["newer"]?["from"]?.intValue == sets[10].version + 5)
        // Bad parameters: 400, one line, naming the rule.
        for (query, message) in [("limit=0", "limit must be a whole number from 1 to 1000, without leading zeros"),
                                 ("limit=1001", "limit must be a whole number from 1 to 1000, without leading zeros"),
                                 ("limit=05", "limit must be a whole number from 1 to 1000, without leading zeros"),
                                 ("from=x", "from must be a version: a non-negative integer without leading zeros"),
                                 ("to=-1", "to must be a version: a non-negative integer without leading zeros")] {
            let answer = try http.get("/api/history?" + query)
            #expect(answer.status == 400 && answer.text == message + "\n", "\(query): \(answer.status) \(answer.text)")
        }
        // From after to holds no version: answered as a range none of which is kept.
        let backwards = try http.get("/api/history?from=10&to=5")
        #expect(backwards.status == 200, "\(backwards.status) \(backwards.text)")
        let none = try JSONParser.parse(backwards.body)
        #expect(none["from"] == .null && none["versions"]?.arrayValue?.isEmpty == true, "\(backwards.text)")
        #expect(daemon.stop() == 0)
    }
}
