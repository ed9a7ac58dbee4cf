import Dispatch
import Glibc
import Synchronization

/// Turns SIGTERM and SIGINT into one orderly shutdown of a ``BinderyDaemon``, bounded in time.
///
/// Guarantees: the first signal starts the shutdown (`STOPPING=1`, stop accepting, interrupt
/// running commands, flush), which ends the process with exit code 0; further signals are
/// ignored while it runs; if it has not finished after ``deadlineSeconds`` the process
/// exits 1 so a stuck daemon never outlives systemd's stop timeout.
final class ShutdownCoordinator: Sendable {
    static let deadlineSeconds = 4.5

    private let daemon: BinderyDaemon
    private let notifier: SystemdNotifier
    private let logger: Logger
    private let started = Atomic<Bool>(false)
    private let queue = DispatchQueue(label: "bindery.shutdown")
    private let sources = Mutex<[SendableSignalSource]>([])

    /// libdispatch sources are thread-safe objects; the overlay just does not say so.
    private struct SendableSignalSource: @unchecked Sendable {
        let source: DispatchSourceSignal
    }

    init(daemon: BinderyDaemon, notifier: SystemdNotifier, logger: Logger) {
        self.daemon = daemon
        self.notifier = notifier
        self.logger = logger
    }

    /// Shuts down when `signalNumber` arrives (its default action must already be ignored).
    func watch(_ signalNumber: Int32) {
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
        source.setEventHandler { [self] in begin(signalNumber) }
        source.resume()
        sources.withLock { $0.append(SendableSignalSource(source: source)) }
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
        logger.info("stopped at state version \(daemon.host.version)")
        exit(0)
    }
}
