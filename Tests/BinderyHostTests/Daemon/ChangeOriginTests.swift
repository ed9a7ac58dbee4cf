import BinderyHost
import BinderyJSON
import BinderySQLite
import BinderyTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Issue 41, item 3: every change says who made it — a control client's uid and pid as the
/// kernel reported them and the name it gave, or what made it (`by`) — in `log`, `get`,
/// `/api/events` (searched and filtered there) and across a restart, against the real binderyd.
@Suite(.ownThreads, .timeLimit(.minutes(3))) struct ChangeOriginTests {
    /// The newest logged event matching `matches`.
    private func newestEvent(_ client: ControlClient, where matches: (JSONValue) -> Bool) throws -> JSONValue? {
        try client.request(#"{"op":"log","n":1000}"#)["events"]?.arrayValue?.last(where: matches)
    }

    private func isEvent(_ kind: String, _ vm: String, _ name: String) -> (JSONValue) -> Bool {
        { $0["kind"] == .string(kind) && $0["vm"] == .string(vm) && $0["name"] == .string(name) }
    }

    private var ownIDs: (uid: JSONValue, pid: JSONValue) { (.int(Int(getuid())), .int(Int(getpid()))) }

    @Test func aSetRecordsTheClientsUidPidAndTheNameItGave() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        defer { daemon.stop() }
        let client = try daemon.control()
        #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":11,"client":"origin-test"}"#).isOK)
        // The name is kept for the connection's later requests.
        #expect(try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":0.5}"#).isOK)
        let other = try daemon.control()
        #expect(try other.request(#"{"op":"set","vm":"api","name":"latencyMs","value":12}"#).isOK)

        let (uid, pid) = ownIDs
        let named = try #require(try newestEvent(client) { self.isEvent("set", "api", "latencyMs")($0) && $0["value"] == .int(11) })
        #expect(named["origin"]?["uid"] == uid && named["origin"]?["pid"] == pid, "\(named)")
        #expect(named["origin"]?["client"] == .string("origin-test"))
        #expect(named["origin"]?["by"] == nil, "a client's own set says no `by`")
        let kept = try #require(try newestEvent(client, where: isEvent("set", "api", "failureRate")))
        #expect(kept["origin"]?["client"] == .string("origin-test"), "\(kept)")
        let unnamed = try #require(try newestEvent(client) { self.isEvent("set", "api", "latencyMs")($0) && $0["value"] == .int(12) })
        #expect(unnamed["origin"]?["client"] == .string("unnamed") && unnamed["origin"]?["pid"] == pid, "\(unnamed)")

        // `get` of the input says who set it last.
        let got = try client.request(#"{"op":"get","vm":"api","name":"latencyMs"}"#)
        #expect(got["lastSet"]?["version"] == unnamed["version"], "\(got)")
        #expect(got["lastSet"]?["origin"]?["client"] == .string("unnamed"))
        let before = try #require(named["version"]?.intValue)
        let past = try client.request("{\"op\":\"get\",\"vm\":\"api\",\"name\":\"latencyMs\",\"at\":\(before)}")
        #expect(past["lastSet"]?["origin"]?["client"] == .string("origin-test"), "as at a version: the set before it, \(past)")
    }

    @Test func binderyctlNamesItselfByHowItWasRun() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        defer { daemon.stop() }
        let script = directory.path("set-latency.bindery")
        try "set api.latencyMs 31\n".write(toFile: script, atomically: true, encoding: .utf8)
        for arguments in [["-c", "set api.latencyMs 30"], ["-f", script]] {
            let ctl = Process()
            ctl.executableURL = URL(fileURLWithPath: DaemonProcess.path(of: "binderyctl"))
            ctl.arguments = ["--socket", daemon.socketPath] + arguments
            ctl.standardOutput = FileHandle.nullDevice
            try ctl.run()
            ctl.waitUntilExit()
            #expect(ctl.terminationStatus == 0, "\(arguments)")
        }
        let client = try daemon.control()
        let byCommand = try #require(try newestEvent(client) { self.isEvent("set", "api", "latencyMs")($0) && $0["value"] == .int(30) })
        #expect(byCommand["origin"]?["client"] == .string("-c"), "\(byCommand)")
        #expect(byCommand["origin"]?["uid"] == ownIDs.uid)
        #expect(byCommand["origin"]?["pid"]?.intValue != Int(getpid()), "binderyctl's own pid, not the test's")
        let byScript = try #require(try newestEvent(client) { self.isEvent("set", "api", "latencyMs")($0) && $0["value"] == .int(31) })
        #expect(byScript["origin"]?["client"] == .string(script), "\(byScript)")
    }

    @Test func runsInterruptsAndRestoresSayWhoMadeThem() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        defer { daemon.stop() }
        let runner = try daemon.control()
        #expect(try runner.request(#"{"op":"set","vm":"api","name":"latencyMs","value":20000,"client":"runner"}"#).isOK)
        let setVersion = try #require(try runner.request(#"{"op":"ping"}"#)["version"]?.intValue)
        #expect(try runner.request(#"{"op":"run","vm":"products","name":"refresh","wait":false}"#).isOK)
        let stopper = try daemon.control()
        #expect(try waitUntil {
            try stopper.request(#"{"op":"get","vm":"products","name":"refresh"}"#)["value"]?["executing"] == .bool(true)
        })
        #expect(try stopper.request(#"{"op":"interrupt","vm":"products","name":"refresh","client":"stopper"}"#)["interrupted"] == .int(1))
        let start = try #require(try newestEvent(stopper, where: isEvent("start", "products", "refresh")))
        #expect(start["origin"]?["client"] == .string("runner") && start["origin"]?["pid"] == ownIDs.pid, "\(start)")
        // Logged with the version that ends the run, published once durable.
        #expect(try waitUntil { try newestEvent(stopper, where: isEvent("fail", "products", "refresh")) != nil })
        let fail = try #require(try newestEvent(stopper, where: isEvent("fail", "products", "refresh")))
        #expect(fail["code"] == .string("interrupted"))
        #expect(fail["origin"]?["client"] == .string("stopper"), "the interrupt's client ended it: \(fail)")

        #expect(try runner.request(#"{"op":"set","vm":"api","name":"latencyMs","value":5}"#).isOK)
        let restored = try stopper.request("{\"op\":\"restore\",\"version\":\(setVersion)}")
        #expect(restored.isOK, "\(restored)")
        // A restore is one event, made by the restoring client through "restore from vN".
        let put = try #require(try newestEvent(stopper) { $0["kind"] == .string("restore") })
        #expect(put["set"]?.arrayValue?.contains(.string("api.latencyMs")) == true, "\(put)")
        #expect(put["origin"]?["client"] == .string("stopper"), "\(put)")
        #expect(put["origin"]?["by"] == .string("restore from v\(setVersion)"))
    }

    @Test func apiEventsCarriesOriginsAndFindsThem() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        defer { daemon.stop() }
        let client = try daemon.control()
        #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":3,"client":"needle-client"}"#).isOK)
        let other = try daemon.control()
        #expect(try other.request(#"{"op":"set","vm":"api","name":"latencyMs","value":4,"client":"other"}"#).isOK)
        let http = try daemon.http()
        func events(_ query: String) throws -> [JSONValue] {
            let answer = try http.get("/api/events?" + query)
            #expect(answer.status == 200, "\(query): \(answer.text)")
            return try JSONParser.parse(answer.body)["events"]?.arrayValue ?? []
        }
        let all = try events("vm=api")
        #expect(!all.isEmpty && all.allSatisfy { $0["origin"]?.objectValue != nil }, "every event has an origin: \(all)")
        let filtered = try events("origin=NEEDLE-client")
        #expect(filtered.count == 1 && filtered.first?["value"] == .int(3), "\(filtered)")
        let searched = try events("q=needle-cl")
        #expect(searched.map { $0["value"] } == [.int(3)], "q searches the origin too: \(searched)")
        let byPid = try events("q=" + "pid \(getpid())".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(byPid.count >= 2, "the origin as it reads, \"pid N\", is searched: \(byPid)")
        #expect(try events("origin=nobody-by-this-name").isEmpty)
        #expect(try http.get("/api/events?origin=" + String(repeating: "a", count: 201)).status == 400)
    }

    /// A run a client's set starts — through a binding and a debounce (Examples/Search's
    /// `search <~ query`), or a restore of the input — says which client made the set.
    @Test func aRunASetStartsSaysWhichClientMadeTheSet() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(program: "bindery-search-daemon", directory: directory.path("d"), latencyFlag: false, logLevel: "warning")
        defer { daemon.stop() }
        let searcher = try daemon.control()
        let swift = try searcher.request(#"{"op":"set","vm":"search","name":"query","value":"swift","client":"searcher"}"#)
        #expect(swift.isOK, "\(swift)")
        let (uid, pid) = ownIDs
        #expect(try waitUntil { try newestEvent(searcher, where: isEvent("finish", "search", "search")) != nil })
        for kind in ["start", "finish"] {
            let event = try #require(try newestEvent(searcher, where: isEvent(kind, "search", "search")))
            #expect(event["by"] == .string("binding") && event["via"] == .string("set search.query"), "\(event)")
            #expect(event["origin"] == .object([("uid", uid), ("pid", pid), ("client", .string("searcher")), ("by", .string("binding"))]),
                    "\(kind): \(event)")
        }

        #expect(try searcher.request(#"{"op":"set","vm":"search","name":"query","value":"boom"}"#).isOK)
        #expect(try waitUntil { try newestEvent(searcher, where: isEvent("fail", "search", "search")) != nil })
        let restorer = try daemon.control()
        let version = try #require(swift["version"]?.intValue)
        #expect(try restorer.request("{\"op\":\"restore\",\"version\":\(version),\"client\":\"restorer\"}").isOK)
        #expect(try waitUntil { try newestEvent(restorer, where: isEvent("start", "search", "search"))?["via"] == .string("restore v\(version)") })
        let start = try #require(try newestEvent(restorer, where: isEvent("start", "search", "search")))
        #expect(start["origin"]?["client"] == .string("restorer") && start["origin"]?["pid"] == pid, "\(start)")
        #expect(start["origin"]?["by"] == .string("binding"), "\(start)")
    }

    /// `--set` values given at start are logged as `set` events `by` `--set`, after the
    /// restart's event (they are set over the state it restored), in the start's version.
    @Test func aStartsSetValuesAreLoggedAfterTheRestart() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--set", "api.failureRate=0.25"])
        let firstLog = try first.control().request(#"{"op":"log"}"#)["events"]?.arrayValue ?? []
        let bySet = EventOrigin(by: "--set")
        #expect(firstLog.map { [$0["kind"], $0["vm"], $0["name"], $0["value"], $0["version"]] }
            == [[.string("set"), .string("api"), .string("latencyMs"), .int(0), .int(1)],
                [.string("set"), .string("api"), .string("failureRate"), .number("0.25"), .int(1)]], "\(firstLog)")
        #expect(firstLog.allSatisfy { EventOrigin(event: $0) == bySet }, "\(firstLog)")
        #expect(first.stop() == 0)

        let second = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--set", "api.failureRate=0.5"])
        defer { second.stop() }
        let client = try second.control()
        let log = try client.request(#"{"op":"log"}"#)["events"]?.arrayValue ?? []
        let started = Array(log.dropFirst(firstLog.count))
        #expect(started.map { "\($0["version"]?.intValue ?? 0) \($0["kind"]?.stringValue ?? "") \($0["name"]?.stringValue ?? "")" }
            == ["2 restart ", "2 set latencyMs", "2 set failureRate"], "\(started)")
        #expect(started.dropFirst().allSatisfy { EventOrigin(event: $0) == bySet }, "\(started)")
        #expect(started.last?["value"] == .number("0.5"))
        // Read as binderyctl's `log` prints it.
        let printed = try ProgramOutput.standardOutput(of: DaemonProcess.path(of: "binderyctl"), ["--socket", second.socketPath, "-c", "log"])
        #expect(printed.contains("api.failureRate = 0.5 (by --set)"), "\(printed)")
    }

    @Test func theRestartSaysSoAndOriginsOutliveIt() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(directory: directory.path("d"))
        let client = try first.control()
        #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":8,"client":"before-restart"}"#).isOK)
        #expect(first.stop() == 0)

        let second = try DaemonProcess(directory: directory.path("d"))
        defer { second.stop() }
        let again = try second.control()
        let restart = try #require(try newestEvent(again) { $0["kind"] == .string("restart") })
        #expect(restart["origin"] == .object([("by", .string("restart"))]), "\(restart)")
        let kept = try #require(try newestEvent(again) { self.isEvent("set", "api", "latencyMs")($0) && $0["value"] == .int(8) })
        #expect(kept["origin"]?["client"] == .string("before-restart"), "an origin is saved with its event: \(kept)")
    }

    /// A state file of schema 5, whose events carry no origin, is brought up to date (schema 6
    /// adds origins): its events say what can be told (a restart, what started a run) or
    /// `unrecorded`.
    @Test func eventsOfAnOlderStateFileLoadWithAnOrigin() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(directory: directory.path("d"))
        let client = try first.control()
        #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":9}"#).isOK)
        #expect(first.stop() == 0)
        let second = try DaemonProcess(directory: directory.path("d"))
        #expect(second.stop() == 0, "a restart event to migrate too")
        do {
            // As schema 5 left it: no origin in any event.
            let database = try SQLiteDatabase(.file(path: directory.path("d/state/state.sqlite")))
            // (and without the history's row sizes, which schema 7 adds).
            try database.executeScript("""
                UPDATE events SET json = json_remove(json, '$.origin');
                DROP INDEX history_sizes; ALTER TABLE history DROP COLUMN bytes;
                PRAGMA user_version = 5;
                """)
            let origins = try database.query("SELECT count(*) AS n FROM events WHERE json_type(json, '$.origin') IS NOT NULL") {
                (row) throws(SQLiteError) in try row.value("n", as: Int64.self)
            }
            #expect(origins == [0])
        }
        let third = try DaemonProcess(directory: directory.path("d"))
        defer { third.stop() }
        let events = try #require(try third.control().request(#"{"op":"log","n":1000}"#)["events"]?.arrayValue)
        #expect(events.allSatisfy { $0["origin"]?.objectValue != nil }, "\(events)")
        let set = try #require(events.last { self.isEvent("set", "api", "latencyMs")($0) && $0["value"] == .int(9) })
        #expect(set["origin"] == .object([("by", .string("unrecorded"))]), "\(set)")
        let restarts = events.filter { $0["kind"] == .string("restart") }
        #expect(restarts.count == 2 && restarts.allSatisfy { $0["origin"] == .object([("by", .string("restart"))]) }, "\(restarts)")
        #expect(try SQLiteDatabase(.file(path: directory.path("d/state/state.sqlite"))).userVersion() == 7)
    }
}
