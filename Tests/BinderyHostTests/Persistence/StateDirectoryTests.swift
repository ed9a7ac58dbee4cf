import BinderyHost
import BinderyJSON
import BinderyPersistence
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// A state directory the daemon must not use as it is: held by another daemon, read-only,
/// or with a damaged database. The daemon exits 1 with one clear line instead of starting
/// with defaults; `--reset-state` moves damaged files aside.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct StateDirectoryTests {
    /// A stopped daemon's state directory with one set input.
    private func preparedState(_ directory: TemporaryDirectory, stop signal: Int32 = SIGTERM) throws -> String {
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let replies = try daemon.control().pipeline((0..<5).map { #"{"op":"set","vm":"signin","name":"username","value":"u\#($0)"}"# })
        #expect(replies.allSatisfy { $0.isOK })
        daemon.stop(signal: signal)
        return daemon.stateDirectory
    }

    @Test func resetStateIsAFlagOffByDefault() throws {
        guard case let .run(plain) = try DaemonOptions.parse([], environment: [:]),
              case let .run(reset) = try DaemonOptions.parse(["--reset-state"], environment: [:]) else {
            Issue.record("no run"); return
        }
        #expect(!plain.resetState && reset.resetState)
        #expect(throws: UsageError.self) { try DaemonOptions.parse(["--reset-state=yes"], environment: [:]) }
    }

    @Test(.timeLimit(.minutes(2)))
    func aSecondDaemonOnTheSameStateExitsNamingTheFirst() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(directory: directory.path("d"))
        let second = try DaemonProcess.failedStart(directory, state: first.stateDirectory)
        #expect(second.status == 1)
        #expect(second.line.contains("in use by another binderyd (pid \(first.process.processIdentifier))"), "\(second.line)")
        #expect(try first.control().request(#"{"op":"set","vm":"signin","name":"username","value":"mine"}"#).isOK)
        #expect(first.stop() == 0)
    }

    @Test(.timeLimit(.minutes(2)))
    func anEmptiedDatabaseStopsTheStartUnlessResetMovesItAside() throws {
        let directory = try TemporaryDirectory()
        let state = try preparedState(directory)
        let file = state + "/" + InputStore.fileName
        #expect(truncate(file, 0) == 0)
        let refused = try DaemonProcess.failedStart(directory, state: state)
        #expect(refused.status == 1)
        #expect(refused.line.contains("\(file) exists but is empty") && refused.line.contains("--reset-state"), "\(refused.line)")

        let reset = try DaemonProcess(directory: directory.path("r"), stateDirectory: state, extraArguments: ["--reset-state"])
        #expect(try reset.control().request(#"{"op":"get","vm":"signin","name":"username"}"#)["value"] == .string(""))
        #expect(reset.stop() == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(names.contains { $0.hasPrefix(InputStore.fileName + ".damaged-") }, "\(names)")
        #expect(reset.standardError().contains("--reset-state: moved"))
    }

    @Test(.timeLimit(.minutes(2)))
    func aGarbageWriteAheadLogStopsTheStart() throws {
        let directory = try TemporaryDirectory()
        let state = try preparedState(directory, stop: SIGKILL)
        let wal = state + "/" + InputStore.fileName + "-wal"
        let size = (try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        #expect(size > 0)
        try Data((0..<max(size, 4096)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: wal))
        let refused = try DaemonProcess.failedStart(directory, state: state)
        #expect(refused.status == 1)
        #expect(refused.line.contains("damaged write-ahead log"), "\(refused.line)")
    }

    @Test(.timeLimit(.minutes(2)))
    func aTruncatedDatabaseFailsTheIntegrityCheck() throws {
        let directory = try TemporaryDirectory()
        let state = try preparedState(directory)
        // Checkpointed at the clean stop, so the file holds every table: cut it in half.
        let file = state + "/" + InputStore.fileName
        let size = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        #expect(size >= 8192)
        #expect(truncate(file, off_t(size / 2 / 4096 * 4096)) == 0)
        let refused = try DaemonProcess.failedStart(directory, state: state)
        #expect(refused.status == 1)
        #expect(refused.line.contains(file), "\(refused.line)")
    }

    @Test(.enabled(if: TmpfsMount.isAvailable, "needs root to mount a tmpfs read-only"), .timeLimit(.minutes(2)))
    func aReadOnlyStateDirectoryStopsTheStart() throws {
        let directory = try TemporaryDirectory()
        let mount = try TmpfsMount(at: directory.path("d/state"), size: "16m")
        _ = try preparedState(directory)
        try mount.remountReadOnly()
        let refused = try DaemonProcess.failedStart(directory, state: mount.path)
        #expect(refused.status == 1)
        #expect(refused.line.contains("is not writable"), "\(refused.line)")
    }
}
