import BinderyHost
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// What a previous run or an operator can leave behind at startup: a state directory the
/// daemon's user cannot write stops the start with one line; a control socket nobody listens
/// on (its daemon was killed) does not block the next start.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct StartupLeftoversTests {
    @Test(.enabled(if: geteuid() == 0, "runs the daemon as the user nobody, which needs root"))
    func aStateDirectoryTheUserCannotWriteStopsTheStart() throws {
        let directory = try TemporaryDirectory()
        let home = directory.path("nobody")
        #expect(mkdir(home, 0o700) == 0 && chown(home, 65534, 65534) == 0 && chmod(directory.path(""), 0o755) == 0)
        let first = try DaemonProcess(directory: home, user: 65534)
        #expect(try first.control().request(#"{"op":"set","vm":"signin","name":"username","value":"kept"}"#).isOK)
        #expect(first.stop() == 0)
        // Read-only for its owner: the files in it are still writable, new ones (journals) not.
        #expect(chmod(first.stateDirectory, 0o500) == 0)
        do {
            let second = try DaemonProcess(directory: home, user: 65534)
            second.stop()
            Issue.record("started on a state directory it cannot write")
        } catch let error as DaemonTestError {
            #expect(error.description.contains("exited (1)"), "\(error)")
            #expect(error.description.contains("the state directory \(first.stateDirectory) is not writable (Permission denied)"), "\(error)")
        }
        #expect(chmod(first.stateDirectory, 0o700) == 0)
        let third = try DaemonProcess(directory: home, user: 65534)
        #expect(try third.control().request(#"{"op":"get","vm":"signin","name":"username"}"#)["value"] == .string("kept"))
        #expect(third.stop() == 0)
    }

    @Test func aSocketLeftByAKilledDaemonDoesNotBlockTheNextStart() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(directory: directory.path("d"))
        #expect(first.stop(signal: SIGKILL) == SIGKILL)
        var info = stat()
        #expect(lstat(first.socketPath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK, "the killed daemon left its socket")
        let second = try DaemonProcess(directory: directory.path("d"))
        #expect(try second.control().request(#"{"op":"ping"}"#).isOK)
        #expect(second.stop() == 0)
    }

    @Test func aLiveSocketIsNotTakenOver() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(directory: directory.path("d"))
        do {
            let second = try DaemonProcess(directory: directory.path("d"), stateDirectory: directory.path("other"))
            second.stop()
            Issue.record("a second daemon took over a live control socket")
        } catch let error as DaemonTestError {
            #expect(error.description.contains("another process is listening on \(first.socketPath) (is the daemon already running?)"), "\(error)")
            #expect(!error.description.contains("binderyd already"))
        }
        #expect(try first.control().request(#"{"op":"ping"}"#).isOK)
        #expect(first.stop() == 0)
    }
}
