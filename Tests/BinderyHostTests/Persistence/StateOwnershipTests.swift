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

/// Runs `arguments` as the user `nobody` (setpriv), e.g. to plant a link as another user.
func runAsNobody(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups"] + arguments
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

private let isRoot = geteuid() == 0

/// The state directory and its lock against another user's files: a planted symbolic or
/// hard link is never followed or truncated, a directory or lock of another user is refused,
/// and a deleted lock file lets no second daemon in.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct StateOwnershipTests {
    private func victim(_ directory: TemporaryDirectory) throws -> String {
        let file = directory.path("victim.txt")
        try "precious\n".write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }

    @Test(.enabled(if: isRoot, "plants the link as the user nobody, which needs root"))
    func aSymlinkedLockFilePlantedByAnotherUserIsNeverFollowed() throws {
        let directory = try TemporaryDirectory()
        let target = try victim(directory)
        // The state directory is root's but another user could write it (1777, like /tmp).
        let state = directory.path("state")
        #expect(mkdir(state, 0o700) == 0 && chmod(directory.path(""), 0o755) == 0 && chmod(state, 0o1777) == 0)
        #expect(try runAsNobody(["ln", "-s", target, state + "/" + StateDirectory.lockFileName]) == 0)

        let refused = try DaemonProcess.failedStart(directory, state: state)
        #expect(refused.status == 1)
        #expect(refused.line.contains("binderyd.lock is a symbolic link"), "\(refused.line)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    }

    /// A hard-linked lock or state file is refused before anything is changed: neither
    /// truncated nor made private (a chmod would change the other name's file too).
    @Test(arguments: [StateDirectory.lockFileName, InputStore.fileName])
    func aHardLinkedLockOrStateFileIsRefusedBeforeAnyChange(name: String) throws {
        let directory = try TemporaryDirectory()
        let target = try victim(directory)
        #expect(chmod(target, 0o644) == 0)
        let state = directory.path("state")
        #expect(mkdir(state, 0o700) == 0)
        #expect(link(target, state + "/" + name) == 0)
        let refused = try DaemonProcess.failedStart(directory, state: state)
        #expect(refused.status == 1)
        #expect(refused.line.contains("\(name) has 2 links"), "\(refused.line)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        var info = stat()
        #expect(stat(target, &info) == 0 && info.st_mode & 0o7777 == 0o644, "mode \(String(info.st_mode & 0o7777, radix: 8))")
    }

    @Test(.enabled(if: isRoot, "gives the directory to another user, which needs root"))
    func aStateDirectoryOfAnotherUserIsRefusedAndLeftAsItIs() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("state")
        #expect(mkdir(state, 0o755) == 0 && chmod(state, 0o755) == 0 && chown(state, 65534, 65534) == 0)
        let refused = try DaemonProcess.failedStart(directory, state: state)
        #expect(refused.status == 1)
        #expect(refused.line.contains("belongs to uid 65534"), "\(refused.line)")
        var info = stat()
        #expect(stat(state, &info) == 0 && info.st_mode & 0o7777 == 0o755 && info.st_uid == 65534)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).isEmpty)
    }

    @Test(.enabled(if: isRoot, "gives the lock file to another user, which needs root"))
    func aLockFileOfAnotherUserIsRefused() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("state")
        let lock = state + "/" + StateDirectory.lockFileName
        #expect(mkdir(state, 0o700) == 0)
        try "4242\n".write(toFile: lock, atomically: false, encoding: .utf8)
        #expect(chown(lock, 65534, 65534) == 0)
        let refused = try DaemonProcess.failedStart(directory, state: state)
        #expect(refused.status == 1)
        #expect(refused.line.contains("is not a regular file of this user"), "\(refused.line)")
        #expect(try String(contentsOfFile: lock, encoding: .utf8) == "4242\n")
    }

    @Test func deletingTheLockFileLetsNoSecondDaemonIn() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(directory: directory.path("d"))
        #expect(unlink(first.stateDirectory + "/" + StateDirectory.lockFileName) == 0)
        let second = try DaemonProcess.failedStart(directory, state: first.stateDirectory)
        #expect(second.status == 1)
        #expect(second.line.contains("in use by another binderyd (pid \(first.process.processIdentifier) (binderyd))"), "\(second.line)")
        #expect(try first.control().request(#"{"op":"set","vm":"signin","name":"username","value":"mine"}"#).isOK)
        #expect(first.stop() == 0)
        // Once the first is gone, the state is free again.
        let third = try DaemonProcess(directory: directory.path("t"), stateDirectory: first.stateDirectory)
        #expect(try third.control().request(#"{"op":"get","vm":"signin","name":"username"}"#)["value"] == .string("mine"))
        #expect(third.stop() == 0)
    }
}
