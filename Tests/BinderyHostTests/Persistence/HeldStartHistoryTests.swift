import BinderyJSON
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// A start on a full disk holds its first version until it is saved (issue 41): a view model
/// that drives itself (bindery-ticker-daemon, a timer's run every 0.3 s) keeps making versions
/// meanwhile, and those versions' history rows ride the held batch to the store with it. So
/// after the disk is freed and the daemon restarts (SIGTERM, then kill -9), `/api/history` has
/// every version from the oldest kept to the current one, and every version shown before the
/// restart reads the same after it.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(3))) struct HeldStartHistoryTests {
    /// What `/api/history` holds, read page by page back from the newest.
    private struct History: CustomStringConvertible {
        /// Each version's entry (`changes` or `reset`), by version; the oldest has none.
        var entries: [Int: JSONValue] = [:]
        var oldest = 0
        var current = 0
        /// Versions missing between the oldest and the current one.
        var gaps: [Int] { (oldest...current).filter { $0 != oldest && entries[$0] == nil } }
        var description: String { "v\(oldest)–v\(current), \(entries.count) entries, missing \(gaps)" }
    }

    private func history(_ daemon: DaemonProcess) throws -> History {
        var history = History()
        var target = "/api/history?limit=7"
        for _ in 0..<1_000 {
            let response = try daemon.http().get(target)
            try #require(response.status == 200, "\(target): \(response.status) \(response.text)")
            let page = try JSONParser.parse(response.body)
            let from = try #require(page["from"]?.intValue, "\(target): \(response.text)")
            if history.current == 0 { history.current = try #require(page["to"]?.intValue) }
            var previous = from
            for entry in page["versions"]?.arrayValue ?? [] {
                let version = try #require(entry["version"]?.intValue)
                #expect(version == previous + 1, "\(target): v\(version) follows v\(previous) in one page")
                previous = version
                history.entries[version] = entry
            }
            history.oldest = from
            guard let older = page["older"]?["to"]?.intValue else { break }
            target = "/api/history?limit=7&to=\(older)"
        }
        return history
    }

    /// `/api/state?at=V`'s document for each version of `versions`.
    private func states(_ daemon: DaemonProcess, at versions: some Sequence<Int>) throws -> [Int: JSONValue] {
        var states: [Int: JSONValue] = [:]
        for version in versions {
            let response = try daemon.http().get("/api/state?at=\(version)")
            if response.status == 200 {
                states[version] = try JSONParser.parse(response.body)
            } else {
                Issue.record("v\(version): \(response.status) \(response.text)")
            }
        }
        return states
    }

    private func currentVersion(_ daemon: DaemonProcess) throws -> Int? {
        let response = try daemon.http().get("/api/state")
        guard response.status == 200 else { return nil }
        return try JSONParser.parse(response.body)["version"]?.intValue
    }

    @Test(.enabled(if: TmpfsMount.isAvailable, "needs root to mount a small tmpfs"))
    func aSelfDrivingViewModelsHeldVersionsLeaveNoGapInTheHistoryAfterARestart() throws {
        let directory = try TemporaryDirectory()
        let mount = try TmpfsMount(at: directory.path("d/state"), size: "4m")
        func start() throws -> DaemonProcess {
            try DaemonProcess(program: "bindery-ticker-daemon", directory: directory.path("d"), latencyFlag: false, logLevel: "warning")
        }
        // A saved state to restart from: a few of the timer's versions.
        var daemon = try start()
        #expect(try waitUntil { try (currentVersion(daemon) ?? 0) >= 4 }, "the ticker made no versions")
        #expect(daemon.stop() == 0)

        // A start on the full disk: its first version is held, and the ticker's runs keep
        // making versions behind it, none shown.
        let filler = mount.fill()
        daemon = try start()
        for _ in 0..<15 {
            #expect(try currentVersion(daemon) == nil, "a version was shown before it could be saved")
            usleep(200_000)
        }
        unlink(filler)
        var firstShown: Int?
        #expect(try waitUntil(seconds: 20) { firstShown = try currentVersion(daemon); return firstShown != nil },
                "nothing was shown after the disk was freed")
        let first = try #require(firstShown)
        let beforeFree = try history(daemon)
        let restartVersion = try #require(beforeFree.entries.first { $0.value["reset"] != nil }?.key, "\(beforeFree)")
        // The held first version went to the disk with the ticker's versions made behind it.
        #expect(first - restartVersion >= 2, "shown first: v\(first), the restart's version: v\(restartVersion)")
        #expect(try waitUntil { try (currentVersion(daemon) ?? 0) >= first + 3 })

        var shown = try history(daemon)
        #expect(shown.gaps.isEmpty, "before the restart: \(shown)")
        var shownStates = try states(daemon, at: shown.oldest...shown.current)
        for (signal, name) in [(SIGTERM, "SIGTERM"), (SIGKILL, "kill -9")] {
            _ = daemon.stop(signal: signal)
            daemon = try start()
            #expect(try waitUntil { try currentVersion(daemon) != nil }, "nothing shown after the \(name) restart")
            let after = try history(daemon)
            #expect(after.gaps.isEmpty, "after the \(name) restart: \(after)")
            #expect(after.oldest <= shown.oldest && after.current > shown.current, "before: \(shown)\nafter the \(name) restart: \(after)")
            let changed = (shown.oldest...shown.current).filter { shown.entries[$0] != after.entries[$0] }
            #expect(changed.isEmpty, "after the \(name) restart, history entries differ at \(changed)")
            let statesAfter = try states(daemon, at: shown.oldest...shown.current)
            let unreadable = shownStates.keys.sorted().filter { shownStates[$0] != statesAfter[$0] }
            #expect(unreadable.isEmpty, "after the \(name) restart, /api/state?at=V differs at \(unreadable)")
            shown = after
            shownStates = try states(daemon, at: after.oldest...after.current)
        }
        #expect(daemon.stop() == 0)
        _ = mount
    }
}
