import Bindery
import BinderyHost
import BinderyJSON
import BinderyPersistence
import BinderyPrimitives
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
import Testing

/// Faults caused for real while clients pipeline sets: the input database locked by another
/// process, a full disk. A failed set never contradicts an acknowledgement: afterwards, and
/// after a restart, each input reads its last acknowledged value.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct StorageFaultTests {
    /// Checks the acknowledgement contract for one input after `requests` (sets of `name` in
    /// order) got `replies`: the live value is the last acknowledged one (or `initial`).
    private func expectLastAcknowledged(_ client: ControlClient, vm: String, name: String, initial: JSONValue,
                                        values: [String], replies: [JSONValue]) throws {
        var expected = initial
        for (value, reply) in zip(values, replies) where reply.isOK { expected = .string(value) }
        let live = try client.request("{\"op\":\"get\",\"vm\":\"\(vm)\",\"name\":\"\(name)\"}")["value"]
        #expect(live == expected, "replies: \(replies)")
    }

    @Test(.timeLimit(.minutes(2)))
    func aLockedDatabaseFailsSetsWithStorageAndKeepsTheLastAcknowledgedValue() throws {
        let directory = try TemporaryDirectory()
        var daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        #expect(try client.request(#"{"op":"set","vm":"signin","name":"username","value":"before"}"#).isOK)

        let holder = try DatabaseLockHolder(database: daemon.stateDirectory + "/" + InputStore.fileName)
        let values = ["AAA", "BBB", "CCC"]
        var replies = try client.pipeline(values.map { #"{"op":"set","vm":"signin","name":"username","value":"\#($0)"}"# })
        #expect(replies.contains { !$0.isOK })
        for reply in replies where !reply.isOK {
            #expect(reply.errorCode == "storage")
            #expect(reply.errorMessage?.contains("database is locked") == true, "\(reply)")
        }
        try expectLastAcknowledged(client, vm: "signin", name: "username", initial: .string("before"), values: values, replies: replies)
        // A second failure in the same burst is not logged again.
        let again = try client.request(#"{"op":"set","vm":"signin","name":"username","value":"DDD"}"#)
        #expect(again.errorCode == "storage")
        holder.release()

        replies = try client.pipeline(["EEE", "FFF"].map { #"{"op":"set","vm":"signin","name":"username","value":"\#($0)"}"# })
        #expect(replies.allSatisfy { $0.isOK })
        let live = try client.allInputs()
        #expect(live["signin.username"] == .string("FFF"))
        daemon.stop(signal: SIGKILL)
        let log = daemon.standardError()
        #expect(log.components(separatedBy: "cannot save the state").count - 1 == 1, "\(log)")
        #expect(log.contains("accepts commits again"))

        daemon = try DaemonProcess(directory: directory.path("d"))
        #expect(try daemon.control().allInputs() == live)
        #expect(daemon.stop() == 0)
    }

    /// Read-committed: a value whose commit fails is never shown — not by `/api/state` while
    /// the commit is tried, nor by the change feed, the event log, `watch` or `get`.
    @Test(.timeLimit(.minutes(2)))
    func aVersionThatFailsToCommitIsNeverShown() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        #expect(try client.request(#"{"op":"set","vm":"signin","name":"username","value":"before"}"#).isOK)
        let watcher = try daemon.control()
        #expect(try watcher.request(#"{"op":"watch"}"#).isOK)
        let cursor = try #require(try JSONParser.parse(daemon.http().get("/api/changes").body)["version"]?.intValue)

        // Someone polls /api/state all the while the commit is tried and fails.
        let polling = Synchronization.Atomic<Bool>(true)
        let shown = Lock<[String]>([])
        let port = daemon.port
        let poller = Thread {
            guard let http = try? RawHTTPConnection(port: port) else { return }
            while polling.load(ordering: .acquiring) {
                if let body = try? http.get("/api/state").text, body.contains("uncommitted") { shown.withLock { $0.append(String(body.prefix(80))) } }
            }
        }
        poller.start()
        let holder = try DatabaseLockHolder(database: daemon.stateDirectory + "/" + InputStore.fileName)
        let failed = try client.request(#"{"op":"set","vm":"signin","name":"username","value":"uncommitted"}"#)
        #expect(failed.errorCode == "storage")
        #expect(try client.request(#"{"op":"get","vm":"signin","name":"username"}"#)["value"] == .string("before"))
        holder.release()
        #expect(try client.request(#"{"op":"set","vm":"signin","name":"username","value":"after"}"#).isOK)
        polling.store(false, ordering: .releasing)
        while poller.isExecuting || !poller.isFinished { usleep(10_000) }
        let shownCount = shown.withLock { $0.count }
        #expect(shownCount == 0, "/api/state showed the value that was never committed \(shownCount) times")

        var streamed: [JSONValue] = []
        while !streamed.contains(where: { $0["kind"] == .string("set") && $0["value"] == .string("after") }) {
            if let event = try watcher.readReply()["event"] { streamed.append(event) }
        }
        #expect(!streamed.contains { $0.serialized.contains("uncommitted") }, "\(streamed)")
        let http = try daemon.http()
        #expect(!(try http.get("/api/changes?since=\(cursor)").text.contains("uncommitted")))
        #expect(!(try http.get("/api/events").text.contains("uncommitted")))
        #expect(try http.get("/api/state").text.contains("\"after\""))
        #expect(daemon.stop() == 0)
    }

    @Test(.enabled(if: TmpfsMount.isAvailable, "needs root to mount a small tmpfs"), .timeLimit(.minutes(2)))
    func aFullDiskFailsSetsWithStorageAndKeepsTheLastAcknowledgedValue() throws {
        let directory = try TemporaryDirectory()
        let mount = try TmpfsMount(at: directory.path("d/state"), size: "16m")
        var daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        #expect(try client.request(#"{"op":"set","vm":"compass","name":"valueA","value":"kept"}"#).isOK)

        let filler = mount.fill()
        let values = ["full1", "full2", "full3"]
        let replies = try client.pipeline(values.map { #"{"op":"set","vm":"compass","name":"valueA","value":"\#($0)"}"# })
        #expect(replies.allSatisfy { !$0.isOK }, "\(replies)")
        for reply in replies {
            #expect(reply.errorCode == "storage")
            #expect(reply.errorMessage?.contains("disk full") == true, "\(reply)")
        }
        try expectLastAcknowledged(client, vm: "compass", name: "valueA", initial: .string("kept"), values: values, replies: replies)
        // compass copies A onto B: B is back too.
        #expect(try client.request(#"{"op":"get","vm":"compass","name":"valueB"}"#)["value"] == .string("kept"))
        try client.awaitCommitsEnded(settingAgain: "compass", "valueA", to: "kept")

        unlink(filler)
        #expect(try client.request(#"{"op":"set","vm":"compass","name":"valueA","value":"after"}"#).isOK)
        let live = try client.allInputs()
        daemon.stop(signal: SIGKILL)
        daemon = try DaemonProcess(directory: directory.path("d"))
        #expect(try daemon.control().allInputs() == live)
        #expect(daemon.stop() == 0)
    }
}
