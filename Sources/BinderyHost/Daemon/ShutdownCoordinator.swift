import Bindery
import BinderyPrimitives
import BinderySignals
import BinderySystemd
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// Turns SIGTERM and SIGINT into one orderly shutdown of a ``BinderyDaemon``, bounded in time.
///
/// Guarantees: the first signal starts the shutdown (`STOPPING=1`, stop accepting, interrupt
/// running commands, flush, then the view models' stop actions), which ends the process with exit code 0; further signals are
/// ignored while it runs; if it has not finished after ``deadlineSeconds`` the process
/// exits 1 so a stuck daemon never outlives systemd's stop timeout.
final class ShutdownCoordinator: Sendable {
    static let deadlineSeconds = 4.5

    private let daemon: BinderyDaemon
    private let notifier: SystemdNotifier
    private let logger: Logger
    /// Runs after the daemon stopped: the view models' own clean-up (``StopActions``).
    private let afterStop: @Sendable () -> Void
    private let started = Synchronization.Atomic<Bool>(false)
    private let queue = DispatchQueue(label: "bindery.shutdown")
    private let source = Lock<SendableReadSource?>(nil)

    /// libdispatch sources are thread-safe objects; the overlay just does not say so.
    private struct SendableReadSource: @unchecked Sendable {
        let source: DispatchSourceRead
    }

    init(daemon: BinderyDaemon, notifier: SystemdNotifier, logger: Logger,
         afterStop: @escaping @Sendable () -> Void = {}) {
        self.daemon = daemon
        self.notifier = notifier
        self.logger = logger
        self.afterStop = afterStop
    }

    /// Shuts down when one of `signals` arrives. The signals are routed into the process's
    /// ``SignalPipe``, whose handlers are in place before this returns, so a signal sent as
    /// soon as the daemon says it is ready is never lost; the shutdown runs on `queue`.
    func watch(_ signals: [Int32]) {
        guard SignalPipe.open() else {
            logger.error("cannot create the signal pipe: \(String(cString: strerror(errno)))")
            return
        }
        let reader = DispatchSource.makeReadSource(fileDescriptor: SignalPipe.readEnd, queue: queue)
        reader.setEventHandler { [self] in
            if let first = SignalPipe.drain().first { begin(first) }
        }
        reader.resume()
        source.withLock { $0 = SendableReadSource(source: reader) }
        SignalPipe.route(signals)
    }

    private func begin(_ signalNumber: Int32) {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let name = signalNumber == SIGTERM ? "SIGTERM" : "SIGINT"
        logger.notice("\(name): shutting down")
        notifier.stopping(status: "stopping (\(name))")
        notifier.stopWatchdog()
        let deadline = DispatchQueue(label: "bindery.shutdown.deadline")
        deadline.asyncAfter(deadline: .now() + Self.deadlineSeconds) { [logger] in
            logger.error("shutdown did not finish within \(Self.deadlineSeconds) s; exiting")
            _exit(1)
        }
        daemon.stop()
        afterStop()
        logger.info("stopped at state version \(daemon.host.version)")
        exit(0)
    }
}
