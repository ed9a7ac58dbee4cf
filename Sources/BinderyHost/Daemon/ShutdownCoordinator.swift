import Dispatch
import Glibc
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
    private let started = Atomic<Bool>(false)
    private let queue = DispatchQueue(label: "bindery.shutdown")
    private let source = Mutex<SendableReadSource?>(nil)

    /// libdispatch sources are thread-safe objects; the overlay just does not say so.
    private struct SendableReadSource: @unchecked Sendable {
        let source: DispatchSourceRead
    }

    /// The self-pipe the signal handler writes the signal number into. Set once, in `watch`,
    /// before any handler that reads it is installed, and never changed: the handler (which
    /// cannot capture anything) only reads it.
    nonisolated(unsafe) private static var pipeWriteEnd: Int32 = -1

    init(daemon: BinderyDaemon, notifier: SystemdNotifier, logger: Logger,
         afterStop: @escaping @Sendable () -> Void = {}) {
        self.daemon = daemon
        self.notifier = notifier
        self.logger = logger
        self.afterStop = afterStop
    }

    /// Shuts down when one of `signals` arrives. The handlers are installed with `sigaction`
    /// before this returns — unlike a dispatch signal source, whose registration completes
    /// later on another thread — so a signal sent as soon as the daemon says it is ready is
    /// never lost. The handler only writes the signal number to a pipe; the shutdown runs on
    /// `queue`.
    func watch(_ signals: [Int32]) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            logger.error("cannot create the signal pipe: \(String(cString: strerror(errno)))")
            return
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        Self.pipeWriteEnd = ends[1]
        let readEnd = ends[0]
        let reader = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
        reader.setEventHandler { [self] in
            var number: UInt8 = 0
            if read(readEnd, &number, 1) == 1 { begin(Int32(number)) }
        }
        reader.resume()
        source.withLock { $0 = SendableReadSource(source: reader) }
        for signalNumber in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(ShutdownCoordinator.pipeWriteEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signalNumber, &action, nil)
        }
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
