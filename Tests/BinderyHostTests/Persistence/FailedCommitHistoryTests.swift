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

/// Failed commits do not cut the history: a commit that fails uses no version (the versions
/// it dropped were never shown), so versions stay consecutive, and every acknowledged version
/// stays readable at its number across a full disk and a restart. (Before, each failed commit
/// used up a version number, the history started over at the gap, and the rows after a gap
/// were dropped at load: `get @12` answered "not kept".)
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(3))) struct FailedCommitHistoryTests {
    private struct Acknowledged {
        let version: Int
        let value: String
    }

    private func set(_ client: ControlClient, _ value: String) throws -> JSONValue {
        try client.request(#"{"op":"set","vm":"compass","name":"valueA","value":"\#(value)"}"#)
    }

    /// Every acknowledged set's value, read back at its version from the daemon's history.
    private func expectReadable(_ acknowledged: [Acknowledged], in daemon: DaemonProcess, _ when: String) throws {
        let client = try daemon.control()
        var unreadable: [String] = []
        for set in acknowledged {
            let reply = try client.request(#"{"op":"get","vm":"compass","name":"valueA","at":\#(set.version)}"#)
            if reply["value"] != .string(set.value) { unreadable.append("v\(set.version): \(reply)") }
        }
        #expect(unreadable.isEmpty, "\(when): \(unreadable.count) of \(acknowledged.count) acknowledged versions unreadable, first: \(unreadable.prefix(3))")
    }

    @Test(.enabled(if: TmpfsMount.isAvailable, "needs root to mount a small tmpfs"))
    func everyAcknowledgedVersionStaysReadableAcrossAFullDiskAndARestart() throws {
        let directory = try TemporaryDirectory()
        let mount = try TmpfsMount(at: directory.path("d/state"), size: "4m")
        var daemon = try DaemonProcess(directory: directory.path("d"), logLevel: "warning")
        let client = try daemon.control()
        var acknowledged: [Acknowledged] = []
        func setAndRecord(_ value: String) throws {
            let reply = try set(client, value)
            #expect(reply.isOK, "\(reply)")
            if let version = reply["version"]?.intValue { acknowledged.append(Acknowledged(version: version, value: value)) }
        }
        for round in 0..<100 { try setAndRecord("before-\(round)") }

        // The disk full: sets fail with `storage` (once the pages SQLite has free are used),
        // each a failed commit; 20 more after the first.
        let filler = mount.fill()
        var refused = 0
        for round in 0..<400 where refused < 20 {
            let value = "full-\(round)"
            let reply = try set(client, value)
            if reply.isOK {
                if let version = reply["version"]?.intValue { acknowledged.append(Acknowledged(version: version, value: value)) }
            } else {
                #expect(reply.errorCode == "storage", "\(reply)")
                refused += 1
            }
        }
        #expect(refused == 20, "sets never failed on the full disk")
        let lastBefore = acknowledged.last!.version
        try client.awaitCommitsEnded(settingAgain: "compass", "valueA", to: "full-last")
        unlink(filler)

        let acknowledgedBefore = acknowledged.count
        for round in 0..<20 { try setAndRecord("after-\(round)") }
        let firstAfter = acknowledged[acknowledgedBefore].version
        // What the failed commits did is undone with their versions: the sets after the disk
        // came back follow the last acknowledged one, with at most the version that put the
        // inputs back between them.
        #expect(firstAfter - lastBefore <= 2, "v\(lastBefore) acknowledged before the disk filled, v\(firstAfter) after: \(refused) failed commits used up versions")
        try expectReadable(acknowledged, in: daemon, "after the disk came back")

        #expect(daemon.stop() == 0)
        daemon = try DaemonProcess(directory: directory.path("d"), logLevel: "warning")
        try expectReadable(acknowledged, in: daemon, "after a restart")
        #expect(daemon.stop() == 0)
        _ = mount
    }
}
