import BinderyHost
import BinderySystemd
import BinderyTestSupport
import Foundation
import Testing

/// Each test runs in its own process (exit test), so setting NOTIFY_SOCKET and the
/// WATCHDOG_* variables cannot leak into other tests. The child prints what it observed;
/// the parent checks it.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct SystemdNotifierTests {
    @Test func sendsStateAssignmentsToTheNotifySocket() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let listener = NotifyDatagramSocket.exportedAsNotifySocket()
            let notifier = SystemdNotifier()
            var lines: [String] = []
            lines.append("\(notifier.ready(status: "listening on\ntwo sockets"))|\(listener.receive() ?? "<none>")")
            lines.append("\(notifier.status("3 clients"))|\(listener.receive() ?? "<none>")")
            lines.append("\(notifier.watchdogPing())|\(listener.receive() ?? "<none>")")
            lines.append("\(notifier.stopping(status: "bye"))|\(listener.receive() ?? "<none>")")
            lines.append("\(notifier.stopping())|\(listener.receive() ?? "<none>")")
            print(lines.joined(separator: "\u{1E}"), terminator: "")
        }
        let output = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
        #expect(output.components(separatedBy: "\u{1E}") == [
            "true|READY=1\nSTATUS=listening on two sockets",
            "true|STATUS=3 clients",
            "true|WATCHDOG=1",
            "true|STOPPING=1\nSTATUS=bye",
            "true|STOPPING=1",
        ])
    }

    @Test func isAHarmlessNoOpWithoutNotifySocket() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            unsetenv("NOTIFY_SOCKET")
            setenv("WATCHDOG_USEC", "1000000", 1)
            setenv("WATCHDOG_PID", "\(getpid())", 1)
            let notifier = SystemdNotifier()
            print(notifier.ready(), notifier.status("x"), notifier.watchdogPing(), notifier.stopping(), terminator: "")
        }
        #expect(String(decoding: try #require(result).standardOutputContent, as: UTF8.self) == "false false false false")
    }

    @Test func watchdogPingsAtHalfTheTimeoutUntilStopped() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let listener = NotifyDatagramSocket.exportedAsNotifySocket()
            setenv("WATCHDOG_USEC", "200000", 1)
            setenv("WATCHDOG_PID", "\(getpid())", 1)
            let notifier = SystemdNotifier()
            let interval = notifier.startWatchdog()
            let pings = (0..<3).map { _ in listener.receive() ?? "<none>" }
            notifier.stopWatchdog()
            print(notifier.watchdogTimeout == .milliseconds(200), interval == .milliseconds(100), pings, terminator: "")
        }
        #expect(String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
            == #"true true ["WATCHDOG=1", "WATCHDOG=1", "WATCHDOG=1"]"#)
    }

    @Test func watchdogForAnotherProcessIsIgnored() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            _ = NotifyDatagramSocket.exportedAsNotifySocket()
            setenv("WATCHDOG_USEC", "200000", 1)
            setenv("WATCHDOG_PID", "\(getpid() + 1)", 1)
            let notifier = SystemdNotifier()
            print(notifier.watchdogTimeout == nil, notifier.startWatchdog() == nil, terminator: "")
        }
        #expect(String(decoding: try #require(result).standardOutputContent, as: UTF8.self) == "true true")
    }
}
