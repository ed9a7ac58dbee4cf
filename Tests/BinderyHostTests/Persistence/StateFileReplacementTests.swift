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

/// The state database deleted, replaced or truncated under the running daemon (issue 22,
/// item 2): the next commit notices, logs it once and writes the whole state into a fresh
/// file; after a restart everything acknowledged before and after is there, and the version
/// continues.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct StateFileReplacementTests {
    /// What is done to the files at the database's path.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case deleteDatabase, deleteDatabaseAndLog, truncateDatabase, replaceDatabase

        var testDescription: String { rawValue }

        func apply(to database: String) {
            switch self {
            case .deleteDatabase: unlink(database)
            case .deleteDatabaseAndLog: for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
            case .truncateDatabase: truncate(database, 0)
            case .replaceDatabase:
                // Another file renamed over it (an editor's save, a restored copy).
                let other = database + ".other"
                _ = FileManager.default.createFile(atPath: other, contents: Data("not ours".utf8))
                rename(other, database)
            }
        }

        /// The word the daemon's log uses for it.
        var logged: String {
            switch self {
            case .deleteDatabase, .deleteDatabaseAndLog: "was deleted"
            case .truncateDatabase: "was truncated"
            case .replaceDatabase: "was replaced by another file"
            }
        }
    }

    private func state(_ daemon: DaemonProcess) throws -> JSONValue {
        try JSONParser.parse(daemon.http().get("/api/state").body)
    }

    private func events(_ daemon: DaemonProcess) throws -> [JSONValue] {
        try JSONParser.parse(daemon.http().get("/api/events").body)["events"]?.arrayValue ?? []
    }

    private func expectOK(_ client: ControlClient, _ requests: [String]) throws {
        let replies = try requests.map { try client.request($0) }
        #expect(replies.allSatisfy { $0.isOK }, "\(replies)")
    }

    @Test(.timeLimit(.minutes(2)), arguments: Damage.allCases)
    func aDamagedDatabaseIsWrittenAfreshAndNothingIsLost(damage: Damage) throws {
        let directory = try TemporaryDirectory()
        var daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        try expectOK(client, [
            #"{"op":"set","vm":"signin","name":"username","value":"before"}"#,
            #"{"op":"run","vm":"products","name":"refresh"}"#,
            #"{"op":"run","vm":"products","name":"toggle","arg":2}"#,
            #"{"op":"set","vm":"compass","name":"valueA","value":"north"}"#,
        ])
        let database = daemon.stateDirectory + "/" + InputStore.fileName
        damage.apply(to: database)
        try expectOK(client, [
            #"{"op":"set","vm":"signin","name":"username","value":"after"}"#,
            #"{"op":"set","vm":"tweets","name":"username","value":"ada"}"#,
        ])
        try expectOK(client, [#"{"op":"set","vm":"compass","name":"valueA","value":"south"}"#])
        let shown = try state(daemon)
        let logged = try events(daemon)
        #expect(FileManager.default.fileExists(atPath: database))
        if damage == .replaceDatabase || damage == .truncateDatabase {
            // What was found at the path is kept beside the fresh file, not deleted.
            let names = try FileManager.default.contentsOfDirectory(atPath: daemon.stateDirectory)
            #expect(names.contains { $0.hasPrefix(InputStore.fileName + ".replaced-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }, "\(names)")
        }
        _ = daemon.stop(signal: SIGKILL)
        let log = daemon.standardError()
        #expect(log.components(separatedBy: damage.logged).count - 1 == 1, "logged once: \(log)")

        daemon = try DaemonProcess(directory: directory.path("d"))
        let restored = try state(daemon)
        #expect(restored["version"]?.intValue == (shown["version"]?.intValue).map { $0 + 1 }, "the version continues by one")
        #expect(restored["viewModels"] == shown["viewModels"])
        #expect(restored["viewModels"]?["signin"]?["inputs"]?["username"] == .string("after"))
        #expect(restored["viewModels"]?["products"]?["outputs"]?["products"]?.arrayValue?[2]["isSelected"] == .bool(true))
        let relogged = try events(daemon)
        #expect(Array(relogged.dropLast(2)) == logged, "the event log from before and after the damage")
        // Then the restart, and after it the start's `--latency-ms 0` (a `--set`).
        #expect(relogged.suffix(2).map { $0["kind"]?.stringValue ?? "?" } == ["restart", "set"], "\(relogged.suffix(2))")
        #expect(relogged.last?["origin"]?["by"] == .string("--set"))
        #expect(daemon.stop() == 0)
    }

    /// Files moved aside never overwrite one another: with a file already at every name this
    /// second and the next few would give, the one moved aside now gets a name of its own.
    @Test(.timeLimit(.minutes(2)))
    func aFileMovedAsideNeverOverwritesAnEarlierOne() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        try expectOK(client, [#"{"op":"set","vm":"signin","name":"username","value":"before"}"#])
        let database = daemon.stateDirectory + "/" + InputStore.fileName
        let now = Int(Date().timeIntervalSince1970)
        var planted: [String] = []
        for second in now...(now + 30) {
            let path = database + ".replaced-\(second)"
            #expect(FileManager.default.createFile(atPath: path, contents: Data("earlier \(second)".utf8)))
            planted.append(path)
        }
        Damage.replaceDatabase.apply(to: database)
        try expectOK(client, [#"{"op":"set","vm":"signin","name":"username","value":"after"}"#])
        for path in planted {
            #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("earlier "), "\(path) was overwritten")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: daemon.stateDirectory)
        let aside = names.filter { $0.hasPrefix(InputStore.fileName + ".replaced-") && $0.hasSuffix("-2") }
        #expect(aside.count == 1, "\(names.sorted())")
        let moved = try #require(aside.first)
        #expect(try String(contentsOfFile: daemon.stateDirectory + "/" + moved, encoding: .utf8) == "not ours")
        #expect(daemon.stop() == 0)
    }

    @Test(.enabled(if: geteuid() == 0, "runs the daemon as the user nobody, which needs root"), .timeLimit(.minutes(2)))
    func whileAFreshFileCannotBeCreatedSetsFailWithStorageThenResume() throws {
        let directory = try TemporaryDirectory()
        let home = directory.path("nobody")
        #expect(mkdir(home, 0o700) == 0 && chown(home, 65534, 65534) == 0 && chmod(directory.path(""), 0o755) == 0)
        var daemon = try DaemonProcess(directory: home, user: 65534)
        let client = try daemon.control()
        try expectOK(client, [#"{"op":"set","vm":"signin","name":"username","value":"before"}"#])
        let database = daemon.stateDirectory + "/" + InputStore.fileName
        for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
        // Its user may no longer create files in the state directory.
        #expect(chmod(daemon.stateDirectory, 0o500) == 0)
        for value in ["refused1", "refused2"] {
            let refused = try client.request(#"{"op":"set","vm":"compass","name":"valueA","value":"\#(value)"}"#)
            #expect(refused.errorCode == "storage", "\(refused)")
        }
        #expect(try client.request(#"{"op":"get","vm":"compass","name":"valueA"}"#)["value"] == .string(""))
        #expect(chmod(daemon.stateDirectory, 0o700) == 0)
        try expectOK(client, [#"{"op":"set","vm":"compass","name":"valueA","value":"after"}"#])
        let live = try client.allInputs()
        let shown = try state(daemon)
        _ = daemon.stop(signal: SIGKILL)
        #expect(daemon.standardError().components(separatedBy: "was deleted").count - 1 == 1)

        daemon = try DaemonProcess(directory: home, user: 65534)
        let restarted = try daemon.control().allInputs()
        // A failure names the inputs that differ. (Under load this once lost the set after
        // the failures: GroupCommitTests/aChangeAppliedWhileTheWholeStateIsDueIsSavedAsApplied.)
        let differing = Set(restarted.keys).union(live.keys).filter { restarted[$0] != live[$0] }.sorted()
            .map { "\($0): \(live[$0].map { "\($0)" } ?? "absent") before, \(restarted[$0].map { "\($0)" } ?? "absent") after" }
        #expect(restarted == live, "\(differing)")
        #expect(live["signin.username"] == .string("before"))
        #expect(try state(daemon)["version"]?.intValue == (shown["version"]?.intValue).map { $0 + 1 })
        #expect(daemon.stop() == 0)
    }

    @Test(.timeLimit(.minutes(2)))
    func aStopAfterTheDatabaseWasDeletedKeepsEverything() throws {
        let directory = try TemporaryDirectory()
        var daemon = try DaemonProcess(directory: directory.path("d"))
        try expectOK(try daemon.control(), [#"{"op":"set","vm":"signin","name":"username","value":"kept"}"#])
        let shown = try state(daemon)
        for suffix in ["", "-wal", "-shm"] { unlink(daemon.stateDirectory + "/" + InputStore.fileName + suffix) }
        #expect(daemon.stop() == 0)
        daemon = try DaemonProcess(directory: directory.path("d"))
        let restored = try state(daemon)
        #expect(restored["viewModels"] == shown["viewModels"])
        #expect(restored["version"]?.intValue == (shown["version"]?.intValue).map { $0 + 1 })
        #expect(daemon.stop() == 0)
    }
}
