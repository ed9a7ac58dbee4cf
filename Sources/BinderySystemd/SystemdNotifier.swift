import BinderyPrimitives
import CSystemd
import Dispatch
import Synchronization

/// Tells the service manager about the daemon's state (`sd_notify(3)`): readiness, status
/// lines, stopping, and watchdog keep-alives.
///
/// Guarantees: without `NOTIFY_SOCKET` (not started by systemd, or `Type=` other than
/// notify) every call is a harmless no-op returning false; newlines in status texts are
/// replaced by spaces so one call never sets more than the assignment intended; the
/// watchdog pinger started by ``startWatchdog()`` runs until ``stopWatchdog()`` or deinit.
public final class SystemdNotifier: Sendable {
    /// A running watchdog timer. Sendable because libdispatch sources are thread-safe objects
    /// (they may be resumed and cancelled from any thread); the Swift overlay just does not
    /// say so.
    private struct Pinger: @unchecked Sendable {
        let timer: DispatchSourceTimer
    }
    private let pinger = Lock<Pinger?>(nil)

    /// A notifier for the socket named by `NOTIFY_SOCKET` (read at each call).
    public init() {}

    /// Sends raw newline-separated `KEY=VALUE` assignments; true if the service manager got
    /// them, false when there is no notification socket or sending failed.
    @discardableResult
    public func notify(_ assignments: String) -> Bool {
        sd_notify(0, assignments) > 0
    }

    /// `READY=1`, optionally with a `STATUS=` line: startup is complete.
    @discardableResult
    public func ready(status: String? = nil) -> Bool {
        notify(["READY=1", status.map(Self.statusAssignment)].compactMap { $0 }.joined(separator: "\n"))
    }

    /// `STATUS=<text>`: a one-line, human-readable state shown by `systemctl status`.
    @discardableResult
    public func status(_ text: String) -> Bool {
        notify(Self.statusAssignment(text))
    }

    /// `STOPPING=1`, optionally with a `STATUS=` line: shutdown has begun.
    @discardableResult
    public func stopping(status: String? = nil) -> Bool {
        notify(["STOPPING=1", status.map(Self.statusAssignment)].compactMap { $0 }.joined(separator: "\n"))
    }

    /// `WATCHDOG=1`: one keep-alive ping.
    @discardableResult
    public func watchdogPing() -> Bool {
        notify("WATCHDOG=1")
    }

    /// The watchdog timeout systemd expects pings within (`WATCHDOG_USEC`, only when
    /// `WATCHDOG_PID` is unset or this process), or nil when the watchdog is off.
    public var watchdogTimeout: Duration? {
        var microseconds: UInt64 = 0
        guard sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 else { return nil }
        return .microseconds(Int64(clamping: microseconds))
    }

    /// Starts pinging at half the watchdog timeout (first ping at once) when the watchdog is
    /// enabled; returns the ping interval, or nil when the watchdog is off (nothing started).
    /// Calling it again restarts the pinger.
    @discardableResult
    public func startWatchdog() -> Duration? {
        guard let timeout = watchdogTimeout else { return nil }
        let interval = timeout / 2
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "bindery.systemd.watchdog"))
        let nanoseconds = Int(clamping: interval.components.seconds * 1_000_000_000
            + interval.components.attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now(), repeating: .nanoseconds(nanoseconds), leeway: .nanoseconds(nanoseconds / 10))
        timer.setEventHandler { sd_notify(0, "WATCHDOG=1") }
        let started = Pinger(timer: timer)
        let previous = pinger.withLock { pinger in
            defer { pinger = started }
            return pinger
        }
        previous?.timer.cancel()
        timer.resume()
        return interval
    }

    /// Stops the pinger started by ``startWatchdog()``; no-op when none runs.
    public func stopWatchdog() {
        pinger.withLock { pinger in
            defer { pinger = nil }
            return pinger
        }?.timer.cancel()
    }

    deinit {
        stopWatchdog()
    }

    private static func statusAssignment(_ text: String) -> String {
        "STATUS=" + text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
