import BinderyHost
import BinderyPersistence
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// A state database another process holds is in use, not damaged: the start fails naming
/// the holder (from /proc/locks), `--reset-state` moves nothing aside, and once the holder is
/// gone the daemon starts with every input as it was.
@Suite(.ownThreads, .serialized, .enabled(if: ExternalTool.python3.isInstalled, Comment(rawValue: ExternalTool.python3.missingReason)), .timeLimit(.minutes(2)))
struct LockedDatabaseTests {
    @Test(arguments: [["BEGIN IMMEDIATE"], ["PRAGMA locking_mode=EXCLUSIVE", "BEGIN EXCLUSIVE"]])
    func aLockedDatabaseIsNeverMovedAside(statements: [String]) throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(directory: directory.path("d"))
        #expect(try first.control().request(#"{"op":"set","vm":"signin","name":"username","value":"kept"}"#).isOK)
        #expect(first.stop() == 0)
        let state = first.stateDirectory

        let holder = try DatabaseLockHolder(database: state + "/" + InputStore.fileName, statements: statements)
        for arguments in [[], ["--reset-state"]] {
            let refused = try DaemonProcess.failedStart(directory, state: state, arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.line.contains("is in use by pid \(holder.pid) (python3)"), "\(refused.line)")
            #expect(!refused.line.contains("--reset-state"), "\(refused.line)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(!names.contains { $0.contains(".damaged-") }, "\(names)")
        holder.release()

        let again = try DaemonProcess(directory: directory.path("a"), stateDirectory: state)
        #expect(try again.control().request(#"{"op":"get","vm":"signin","name":"username"}"#)["value"] == .string("kept"))
        #expect(again.stop() == 0)
    }
}
