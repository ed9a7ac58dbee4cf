import BinderyHost
import BinderyJSON
import BinderyPersistence
import BinderySQLite
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// A small filesystem does not wedge the daemon (issue 22, item 3): the write-ahead log stays
/// small, sets fail with `storage` while the disk is full and succeed again by themselves once
/// space is freed, and a restart keeps the state and continues the versions.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct SmallDiskTests {
    private func version(_ daemon: DaemonProcess) throws -> Int {
        try #require(try JSONParser.parse(daemon.http().get("/api/state").body)["version"]?.intValue)
    }

    private func set(_ client: ControlClient, _ vm: String, _ name: String, _ value: String) throws -> JSONValue {
        try client.request(#"{"op":"set","vm":"\#(vm)","name":"\#(name)","value":"\#(value)"}"#)
    }

    /// Sets `vm`.`name` to new values until one is refused (at most 200); returns that reply
    /// (or the last success).
    private func setUntilRefused(_ client: ControlClient, _ vm: String, _ name: String) throws -> JSONValue {
        var reply = JSONValue.null
        for round in 0..<200 {
            reply = try set(client, vm, name, "\(name)\(round)")
            if !reply.isOK { break }
        }
        return reply
    }

    @Test(.timeLimit(.minutes(2)))
    func theWriteAheadLogStaysSmallWhileRunning() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        let padding = String(repeating: "x", count: 200)
        let log = daemon.stateDirectory + "/" + InputStore.fileName + "-wal"
        var largest = 0
        for round in 0..<600 {
            #expect(try set(client, "compass", "valueA", "\(round)\(padding)").isOK)
            var info = stat()
            if stat(log, &info) == 0 { largest = max(largest, Int(info.st_size)) }
        }
        // SQLite's default (a checkpoint every 1000 pages, never truncated) lets it reach 4 MiB.
        #expect(largest > 0)
        #expect(largest < 3 << 19, "the write-ahead log reached \(largest) bytes")
        #expect(daemon.stop() == 0)
        // Checkpoints and truncations are not mistaken for a replaced file.
        #expect(!daemon.standardError().contains("while running"))
    }

    /// The daemon's own writes do not fill a small disk: the log is checkpointed and reused
    /// (with SQLite's defaults it grows to 4 MiB and every set after ~100 fails for good).
    @Test(.enabled(if: TmpfsMount.isAvailable, "needs root to mount a small tmpfs"), .timeLimit(.minutes(2)))
    func aLongRunOnATwoMebibyteDiskNeverFillsIt() throws {
        let directory = try TemporaryDirectory()
        let mount = try TmpfsMount(at: directory.path("d/state"), size: "2m")
        let daemon = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--event-log-size", "500"])
        let client = try daemon.control()
        let padding = String(repeating: "y", count: 40)
        var refused: [JSONValue] = []
        for round in 0..<1_500 where refused.isEmpty {
            let reply = try set(client, "compass", "valueA", "\(round)\(padding)")
            if !reply.isOK { refused.append(reply) }
        }
        #expect(refused.isEmpty, "\(refused)")
        #expect(daemon.stop() == 0)
        _ = mount
    }

    @Test(.enabled(if: TmpfsMount.isAvailable, "needs root to mount a small tmpfs"), .timeLimit(.minutes(2)))
    func aFullTwoMebibyteDiskFailsSetsUntilSpaceIsFreedAndARestartKeepsEverything() throws {
        let directory = try TemporaryDirectory()
        let mount = try TmpfsMount(at: directory.path("d/state"), size: "2m")
        var daemon = try DaemonProcess(directory: directory.path("d"))
        var client = try daemon.control()
        #expect(try set(client, "signin", "username", "kept").isOK)

        let filler = mount.fill()
        let failed = try setUntilRefused(client, "compass", "valueA")
        #expect(failed.errorCode == "storage", "\(failed)")
        #expect(failed.errorMessage?.contains("disk full") == true, "\(failed)")

        // Space freed: the next set succeeds without a restart.
        try client.awaitCommitsEnded(settingAgain: "signin", "username", to: "kept")
        unlink(filler)
        #expect(try set(client, "compass", "valueA", "after").isOK)
        let live = try client.allInputs()
        let before = try version(daemon)
        _ = daemon.stop(signal: SIGKILL)

        daemon = try DaemonProcess(directory: directory.path("d"))
        client = try daemon.control()
        #expect(try client.allInputs() == live)
        #expect(live["signin.username"] == .string("kept"))
        let restarted = try version(daemon)
        #expect(restarted == before + 1, "version \(before) → \(restarted)")

        // Full again: a restart on the full disk still continues the versions, and freeing
        // space lets sets through again.
        let second = mount.fill()
        let refused = try setUntilRefused(client, "tweets", "username")
        #expect(refused.errorCode == "storage", "\(refused)")
        let kept = try client.allInputs()
        let fullVersion = try version(daemon)
        _ = daemon.stop(signal: SIGKILL)
        daemon = try DaemonProcess(directory: directory.path("d"))
        client = try daemon.control()
        // A start on a full disk shows nothing until its first version is saved (its restart
        // event and history checkpoint may not fit); with space freed it shows what was kept.
        unlink(second)
        #expect(waitUntil(seconds: 30) { (try? version(daemon)).map { $0 > fullVersion } ?? false })
        #expect(try client.allInputs() == kept)
        #expect(try set(client, "tweets", "username", "freed").isOK)
        let freedVersion = try version(daemon)
        #expect(freedVersion > fullVersion)
        #expect(daemon.stop() == 0)
        daemon = try DaemonProcess(directory: directory.path("d"))
        #expect(try daemon.control().allInputs()["tweets.username"] == .string("freed"))
        #expect(try version(daemon) == freedVersion + 1)
        #expect(daemon.stop() == 0)
    }

    /// A start that cannot read the last durable version stops with the reason instead of
    /// beginning again at 1 and reusing versions clients hold.
    @Test(.timeLimit(.minutes(2)))
    func aStartThatCannotReadTheLastVersionStopsInsteadOfReusingVersions() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        #expect(try set(try daemon.control(), "signin", "username", "kept").isOK)
        #expect(daemon.stop() == 0)
        // A version that is not a number: the file is intact, only the version is unreadable.
        let database = try SQLiteDatabase(.file(path: daemon.stateDirectory + "/" + InputStore.fileName))
        try database.execute("UPDATE meta SET value = 'not a number' WHERE key = 'version'")
        try database.checkpoint()
        let (status, line) = try DaemonProcess.failedStart(directory, state: daemon.stateDirectory)
        #expect(status == 1, "\(line)")
        #expect(line.contains("cannot read the last state version"), "\(line)")
        #expect(line.contains("not starting rather than reuse versions"), "\(line)")
    }
}
