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

/// A restart is invisible (issue 21): the real daemon with lists filled, a row selected, a
/// command failed with an error and a non-trivial event log, restarted by SIGTERM and by
/// kill -9, shows the same `/api/state` (but for `version`, one past the last) and the same
/// event log plus the restart.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct ShownStateRestartTests {
    /// Drives the demo through the issue's sequence, one request at a time (a fetch refuses to
    /// start while another runs); every request must succeed.
    private func fill(_ client: ControlClient) throws {
        let replies = try [
            #"{"op":"run","vm":"products","name":"refresh"}"#,
            #"{"op":"run","vm":"products","name":"loadMore"}"#,
            #"{"op":"run","vm":"products","name":"toggle","arg":3}"#,
            #"{"op":"set","vm":"tweets","name":"username","value":"ada"}"#,
            #"{"op":"run","vm":"tweets","name":"getTweets"}"#,
            #"{"op":"set","vm":"books","name":"query","value":"the"}"#,
            #"{"op":"run","vm":"books","name":"search"}"#,
            #"{"op":"set","vm":"compass","name":"valueA","value":"西"}"#,
            #"{"op":"set","vm":"api","name":"failureRate","value":1}"#,
        ].map { try client.request($0) }
        #expect(replies.allSatisfy { $0.isOK }, "\(replies)")
        let failed = try client.request(#"{"op":"run","vm":"products","name":"loadMore"}"#)
        #expect(failed.errorCode == "failed", "\(failed)")
        #expect(try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":0}"#).isOK)
    }

    private func state(_ daemon: DaemonProcess) throws -> JSONValue {
        try JSONParser.parse(daemon.http().get("/api/state").body)
    }

    private func events(_ daemon: DaemonProcess) throws -> [JSONValue] {
        try JSONParser.parse(daemon.http().get("/api/events").body)["events"]?.arrayValue ?? []
    }

    /// `before` and `after` are the same state but for their versions, and the version moved
    /// by one (the restart's own event).
    private func expectSameState(_ before: JSONValue, _ after: JSONValue, _ how: String) {
        let from = before["version"]?.intValue ?? -1, to = after["version"]?.intValue ?? -1
        #expect(to == from + 1, "\(how): version \(from) → \(to)")
        let (old, new) = (before["viewModels"]?.objectValue ?? [], after["viewModels"]?.objectValue ?? [])
        #expect(old.map(\.key) == new.map(\.key))
        for ((name, was), (_, now)) in zip(old, new) where was != now {
            Issue.record("\(how): \(name) was \(was.serialized)\n  and is \(now.serialized)")
        }
    }

    /// The events a start of the test daemon logs after `logged`, those kept from before: the
    /// restart, then its `--latency-ms 0` (a `--set`, set over the state the restart restored);
    /// returns the restart.
    private func startsEvents(_ relogged: [JSONValue], after logged: [JSONValue], _ how: String) -> JSONValue? {
        #expect(Array(relogged.prefix(logged.count)) == logged, "\(how): every event from before, in order")
        let started = Array(relogged.dropFirst(logged.count))
        #expect(started.map { "\($0["kind"]?.stringValue ?? "?") \($0["name"]?.stringValue ?? "") by \($0["origin"]?["by"]?.stringValue ?? "?")" }
            == ["restart  by restart", "set latencyMs by --set"], "\(how): \(started)")
        #expect(Set(started.map { $0["version"] }).count == 1, "\(how): one version, the start's: \(started)")
        return started.first
    }

    @Test(.timeLimit(.minutes(2)))
    func everythingShownComesBackAfterSIGTERMAndKill9() throws {
        let directory = try TemporaryDirectory()
        var daemon = try DaemonProcess(directory: directory.path("d"))
        try fill(try daemon.control())
        let filled = try state(daemon)
        let products = filled["viewModels"]?["products"]
        #expect(products?["outputs"]?["products"]?.arrayValue?.count == 30)
        #expect(products?["outputs"]?["products"]?.arrayValue?[3]["isSelected"] == .bool(true))
        #expect(products?["outputs"]?["lastError"] == .string("Server unavailable, please retry"))
        #expect(products?["commands"]?["loadMore"]?["lastError"]?["message"] == .string("Server unavailable, please retry"))
        #expect(filled["viewModels"]?["tweets"]?["outputs"]?["tweets"]?.arrayValue?.isEmpty == false)
        #expect(filled["viewModels"]?["books"]?["outputs"]?["count"]?.intValue ?? 0 > 0)
        let logged = try events(daemon)
        #expect(logged.count > 15)

        #expect(daemon.stop(signal: SIGTERM) == 0)
        daemon = try DaemonProcess(directory: directory.path("d"))
        let afterStop = try state(daemon)
        expectSameState(filled, afterStop, "after SIGTERM")
        var relogged = try events(daemon)
        let restart = startsEvents(relogged, after: logged, "after SIGTERM")
        #expect(restart?["kind"] == .string("restart"))
        #expect(restart?["reason"] == .string("clean stop"))
        #expect(restart?["stoppedAt"] == filled["version"])
        #expect(restart?["version"] == afterStop["version"])

        // One more change, acknowledged, then kill -9: it and everything before come back.
        let toggled = try daemon.control().request(#"{"op":"run","vm":"products","name":"toggle","arg":5}"#)
        #expect(toggled.isOK)
        let beforeCrash = try state(daemon)
        let loggedBeforeCrash = try events(daemon)
        daemon.stop(signal: SIGKILL)
        daemon = try DaemonProcess(directory: directory.path("d"))
        expectSameState(beforeCrash, try state(daemon), "after kill -9")
        relogged = try events(daemon)
        #expect(startsEvents(relogged, after: loggedBeforeCrash, "after kill -9")?["reason"] == .string("crash recovery"))
        let rows = try daemon.control().request(#"{"op":"get","vm":"products","name":"products"}"#)["value"]?.arrayValue
        #expect(rows?[5]["isSelected"] == .bool(true))
        #expect(daemon.stop() == 0)
    }

    /// A command executing when the daemon stops comes back not executing, its run recorded as
    /// `interrupted`: by the stop itself on SIGTERM, at the restore after kill -9.
    @Test(.timeLimit(.minutes(2)))
    func aRunCutShortByTheStopComesBackInterrupted() throws {
        let directory = try TemporaryDirectory()
        for (signal, says) in [(SIGTERM, "the daemon is stopping"), (SIGKILL, "the daemon stopped while it ran (crash recovery)")] {
            var daemon = try DaemonProcess(directory: directory.path("d"))
            let client = try daemon.control()
            #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":60000}"#).isOK)
            #expect(try client.request(#"{"op":"run","vm":"products","name":"refresh","wait":false}"#)["started"] == .bool(true))
            #expect(try client.request(#"{"op":"get","vm":"products","name":"refresh"}"#)["value"]?["executing"] == .bool(true))
            let runs = try client.request(#"{"op":"get","vm":"products","name":"refresh"}"#)["value"]?["runs"]?.intValue ?? -1
            daemon.stop(signal: signal)
            daemon = try DaemonProcess(directory: directory.path("d"))
            let refresh = try daemon.control().request(#"{"op":"get","vm":"products","name":"refresh"}"#)["value"]
            #expect(refresh?["executing"] == .bool(false))
            #expect(refresh?["runs"]?.intValue == runs + 1)
            #expect(refresh?["lastError"]?["code"] == .string("interrupted"))
            #expect(refresh?["lastError"]?["message"]?.stringValue?.hasSuffix(says) == true, "\(String(describing: refresh))")
            let logged = try events(daemon)
            let fail = logged.last { $0["kind"] == .string("fail") }
            #expect(fail?["name"] == .string("refresh") && fail?["code"] == .string("interrupted"))
            if signal == SIGKILL {
                // The recovery ends the run after the restart that caused it, with the time it ran.
                let failAt = try #require(logged.lastIndex { $0["kind"] == .string("fail") })
                let restartAt = try #require(logged.lastIndex { $0["kind"] == .string("restart") })
                #expect(restartAt < failAt, "\(logged.suffix(3))")
                #expect(logged[restartAt]["version"] == logged[failAt]["version"])
                #expect((fail?["durationMs"]?.doubleValue ?? 0) > 0, "\(String(describing: fail))")
            }
            #expect(daemon.stop() == 0)
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func theEventLogIsBoundedByItsFlag() throws {
        let directory = try TemporaryDirectory()
        var daemon = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--event-log-size", "5"])
        let replies = try daemon.control().pipeline((0..<8).map { #"{"op":"set","vm":"signin","name":"username","value":"u\#($0)"}"# })
        #expect(replies.allSatisfy { $0.isOK })
        let logged = try events(daemon)
        #expect(logged.compactMap { $0["value"]?.stringValue } == ["u3", "u4", "u5", "u6", "u7"])
        #expect(daemon.stop() == 0)
        daemon = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--event-log-size", "5"])
        let kept = try events(daemon)
        // The newest five: the last sets, the restart and the start's `--latency-ms 0`.
        #expect(kept.compactMap { $0["value"]?.stringValue } == ["u5", "u6", "u7"])
        #expect(kept.suffix(2).compactMap { $0["kind"]?.stringValue } == ["restart", "set"])
        #expect(daemon.stop() == 0)
    }
}
