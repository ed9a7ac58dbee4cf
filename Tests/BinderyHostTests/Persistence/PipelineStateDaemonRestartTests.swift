import BinderyJSON
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// The real daemon restarts a view model whose state lives inside its pipelines
/// (Tests/Programs/bindery-pipelines-daemon: a debounced availability check through
/// flatMap(.latest), an account from a Codable Action output, a log by scan, the last rename
/// by combinePrevious) invisibly, after SIGTERM and after kill -9: `/api/state` shows the same
/// view models, one version later (the restart's), and no later version follows while the
/// pipelines would have settled; nothing is set and nothing runs.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct PipelineStateDaemonRestartTests {
    private func start(_ directory: TemporaryDirectory, changedCode: Bool = false) throws -> DaemonProcess {
        try DaemonProcess(program: "bindery-pipelines-daemon", directory: directory.path("d"),
                          environment: changedCode ? ["BINDERY_PIPELINES_CHANGED": "1"] : [:], latencyFlag: false, logLevel: "warning")
    }

    private func state(_ daemon: DaemonProcess) throws -> JSONValue {
        try JSONParser.parse(daemon.http().get("/api/state").body)
    }

    private func signup(_ daemon: DaemonProcess) throws -> JSONValue? {
        try state(daemon)["viewModels"]?["signup"]
    }

    private func request(_ daemon: DaemonProcess, _ line: String) throws {
        let reply = try daemon.control().request(line)
        #expect(reply.isOK, "\(line): \(reply)")
    }

    private func waitFor(_ daemon: DaemonProcess, _ what: String, _ condition: (JSONValue?) -> Bool) throws {
        let reached = try waitUntil { condition(try signup(daemon)) }
        let last = try signup(daemon)?.serialized ?? ""
        #expect(reached, "never reached: \(what); \(last)")
    }

    /// The events logged after `version`, by kind.
    private func kinds(after version: Int, _ daemon: DaemonProcess) throws -> [String] {
        let events = try JSONParser.parse(daemon.http().get("/api/events").body)["events"]?.arrayValue ?? []
        return events.filter { ($0["version"]?.intValue ?? 0) > version }.compactMap { $0["kind"]?.stringValue }
    }

    /// Restarts with `signal` and checks the restart showed exactly what was shown.
    private func restart(_ daemon: inout DaemonProcess, _ directory: TemporaryDirectory, with signal: Int32, _ how: String) throws {
        let before = try state(daemon)
        let version = before["version"]?.intValue ?? -1
        daemon.stop(signal: signal)
        let said = daemon.standardError()
        #expect(!said.contains("before the restart") && !said.contains("not restored"), "\(how): the run before said \(said)")
        daemon = try start(directory)
        let after = try state(daemon)
        #expect(after["version"]?.intValue == version + 1, "\(how): one version, the restart's")
        #expect(after["viewModels"] == before["viewModels"], "\(how): \(before.serialized)\n  became \(after.serialized)")
        // Longer than the debounce and the backend's delay: a restore that re-ran the check
        // would show `checking`, then the answer, each in a version of its own.
        Thread.sleep(forTimeInterval: 0.6)
        let settled = try state(daemon)
        #expect(settled["version"] == after["version"], "\(how): versions while settling: \(settled.serialized)")
        #expect(try kinds(after: version, daemon) == ["restart"], "\(how): nothing set or run")
    }

    /// Drives the form to a state held in its pipelines: two names checked, a notice, a submit.
    private func fill(_ daemon: DaemonProcess) throws {
        try request(daemon, #"{"op":"set","vm":"signup","name":"username","value":"al"}"#)
        try waitFor(daemon, "al is taken") { $0?["outputs"]?["availability"] == .string("taken") }
        try request(daemon, #"{"op":"set","vm":"signup","name":"username","value":"alice"}"#)
        try waitFor(daemon, "alice is available") { $0?["outputs"]?["isValid"] == .bool(true) }
        try request(daemon, #"{"op":"set","vm":"signup","name":"notice","value":"maintenance tonight"}"#)
        try request(daemon, #"{"op":"run","vm":"signup","name":"submit"}"#)
    }

    @Test func aRestartShowsWhatThePipelinesHeldAfterSIGTERMAndKill9() throws {
        let directory = try TemporaryDirectory()
        var daemon = try start(directory)
        try fill(daemon)
        let filled = try signup(daemon)
        #expect(filled?["outputs"]?["account"]?["name"] == .string("alice"))
        #expect(filled?["outputs"]?["log"]?.arrayValue?.count == 2)
        #expect(filled?["outputs"]?["lastRename"] == .string("al → alice"))

        try restart(&daemon, directory, with: SIGTERM, "after SIGTERM")
        // A change after the restart, then kill -9: it and everything before come back.
        try request(daemon, #"{"op":"set","vm":"signup","name":"notice","value":"back up"}"#)
        try waitFor(daemon, "the log goes on") { $0?["outputs"]?["log"]?.arrayValue?.count == 3 }
        try restart(&daemon, directory, with: SIGKILL, "after kill -9")
        try restart(&daemon, directory, with: SIGKILL, "after a second kill -9")
        #expect(daemon.stop() == 0)
        let said = daemon.standardError()
        #expect(!said.contains("before the restart") && !said.contains("not restored"), "the last run said \(said)")
    }

    /// The code changed between the runs (an operator inserted before the pipelines): one line
    /// at start names the view model and the slot; `/api/state` and `get` name the members the
    /// restart could not bring back; a restart of the same code afterwards names none.
    @Test func codeThatChangedIsNamedAtStartAndItsResetMembersInTheState() throws {
        let directory = try TemporaryDirectory()
        var daemon = try start(directory)
        try fill(daemon)
        #expect(daemon.stop() == 0)
        daemon = try start(directory, changedCode: true)
        let reset = try signup(daemon)?["resetAfterRestart"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(Set(reset).isSuperset(of: ["account", "log", "availability"]), "\(reset)")
        let got = try daemon.control().request(#"{"op":"get","vm":"signup"}"#)
        #expect(got["state"]?["resetAfterRestart"]?.arrayValue?.compactMap(\.stringValue) == reset, "\(got)")
        #expect(daemon.stop() == 0)
        let said = daemon.standardError()
        #expect(said.contains("signup: the code changed since their operators' states were saved: slot 2: saved as skipRepeats:Optional<String>, now MutableProperty:Int"), "\(said)")

        daemon = try start(directory, changedCode: true)
        #expect(try signup(daemon)?["resetAfterRestart"] == nil)
        #expect(daemon.stop() == 0)
        #expect(!daemon.standardError().contains("warning"))
    }
}
