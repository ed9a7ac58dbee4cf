#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Bindery
import BinderyPersistence
import BinderyPrimitives
import BinderySystemd
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Bindery daemon's process lifecycle: startup (sockets, persisted inputs, READY), the signal
/// handling and the shutdown a Linux operator expects.
///
/// Guarantees: SIGPIPE is ignored; malloc hands large blocks back (``AllocatorSettings``); the umask is 077 and the state directory private
/// (``PrivateStateDirectory``) before anything is stored; the state directory is locked (a
/// second daemon on it exits 1 naming the holder) and its databases checked (a damaged one
/// exits 1 unless `--reset-state`); persisted inputs are restored before `READY=1`, which is
/// sent once both sockets listen; `STATUS=` lines tell systemd what the daemon does;
/// SIGTERM or SIGINT send `STOPPING=1`, stop accepting, interrupt running commands, flush,
/// run the view models' stop actions (``DaemonViewModelEnvironment/onStop(_:_:)``) and exit 0
/// — a shutdown that hangs is cut off at 4.5 s with exit 1; a failure to start exits 1 with a
/// one-line error; a `--set` the view models refuse (unknown name, bad value)
/// exits 2 with one line naming it, before anything is served.
public enum DaemonRunner {
    /// Runs the daemon until a termination signal; never returns. `program` names it in what
    /// it prints; `otherDatabases` are the SQLite files (names inside the state directory)
    /// the view models keep there, checked at startup like the host's own `state.sqlite`.
    public static func run(
        configuration: DaemonConfiguration,
        program: String = "binderyd",
        otherDatabases: [String] = [],
        makeViewModels: @escaping @Sendable (DaemonViewModelEnvironment) throws -> [any ViewModel]
    ) -> Never {
        signal(SIGPIPE, SIG_IGN)
        AllocatorSettings.apply()
        let logger = Logger(threshold: configuration.logLevel)
        let notifier = SystemdNotifier()
        func fail(_ message: String) -> Never {
            logger.error(message)
            notifier.status("failed: \(message)")
            exit(1)
        }

        let inherited: InheritedSockets
        do { inherited = try SocketActivation.inheritedSockets() } catch { fail(error.description) }
        PrivateStateDirectory.restrictUmask()
        do {
            for note in try PrivateStateDirectory.prepare(configuration.stateDirectory) { logger.notice(note) }
        } catch { fail(error.description) }
        // One daemon per state directory; damaged databases stop the start (or, with
        // --reset-state, are moved aside) instead of silently starting empty.
        let lockedDirectory: StateDirectory
        do { lockedDirectory = try StateDirectory(path: configuration.stateDirectory, otherDatabases: otherDatabases, program: program) } catch { fail(error.description) }
        let problems = lockedDirectory.check()
        // A database in use by another process is not damaged: --reset-state never moves it.
        if let inUse = problems.first(where: { !$0.isDamage }) {
            fail("\(inUse)")
        }
        if let first = problems.first {
            guard configuration.resetState else {
                fail("\(first); start with --reset-state to move it aside and start afresh")
            }
            do {
                for line in try lockedDirectory.moveAside(problems) { logger.warning("--reset-state: \(line)") }
            } catch {
                fail(error.description)
            }
        }
        notifier.status("restoring inputs from \(configuration.stateDirectory)")
        let stateDirectory = URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true)
        let store: InputStore
        do { store = try InputStore(stateDirectory: stateDirectory) } catch {
            let holders = FileLockHolders.describe(["", "-wal", "-shm"].map { stateDirectory.path + "/" + InputStore.fileName + $0 })
            fail("cannot open the state database in \(configuration.stateDirectory): \(error)"
                 + (holders.isEmpty ? "" : " (locked by \(holders.joined(separator: ", ")))"))
        }
        // Versions continue from the last durable one: a start that cannot read it would
        // begin again at 1 and reuse versions clients hold (a stale ETag would get a 304).
        do { _ = try store.previousRun() } catch {
            fail("cannot read the last state version from \(configuration.stateDirectory)/\(InputStore.fileName): \(StorageFault(error)); not starting rather than reuse versions")
        }

        // Default QoS: on Linux libdispatch imitates a higher one by lowering the worker
        // thread's nice value, which an unprivileged service may not do (each refusal is
        // logged: "Failed to set thread priority for worker thread … errno=13").
        let scheduler = QueueScheduler(name: "bindery.view-models")
        let background = QueueScheduler(name: "bindery.background")
        let stopActions = StopActions()
        let environment = DaemonViewModelEnvironment(
            stateDirectory: stateDirectory, scheduler: scheduler, background: background,
            stopActions: stopActions)
        // Built inside a restoration scope, seeded with the operator states the last run
        // saved: a restart starts each pipeline where it was, running nothing.
        let built: Result<(built: [any ViewModel], slots: ViewModelSlots), any Error> = scheduler.queue.sync {
            Result { try ViewModelSlots.build(from: store) { try makeViewModels(environment) } }
        }
        let viewModels: [any ViewModel], slots: ViewModelSlots
        switch built {
        case let .success(models): (viewModels, slots) = models
        case let .failure(error): fail("cannot build the view models: \(FailureMessage.of(error))")
        }
        // A surface built wrongly is the library's report (``Surface/problems``); the program
        // ends here, with one line and status 1, before anything is served.
        let surfaceProblems = ViewModelHost.problems(of: viewModels)
        if !surfaceProblems.isEmpty { fail("cannot serve the view models: " + surfaceProblems.joined(separator: "; ")) }
        // The databases exist now (the host's and the view models'): lock them too, so a
        // second daemon stays out even when the lock file is deleted.
        do { try lockedDirectory.lockDatabases() } catch { fail(error.description) }

        let host = ViewModelHost(viewModels: viewModels, slots: slots, scheduler: scheduler, store: store,
                                 commandTimeout: configuration.commandTimeout, eventLogCapacity: configuration.eventLogSize,
                                 historyBudget: configuration.historyBudgetBytes, logger: logger)
        var startupValues: [ViewModelHost.StartupValue] = []
        for setting in configuration.settings {
            do { startupValues.append(try setting.resolve(in: host.surfaces)) } catch {
                // A bad command line, found once the view models exist: exit 2 like any other.
                Logger.writeToStandardError("\(program): --set \(setting): \(error.message) (see \(program) --help)\n")
                exit(2)
            }
        }
        for warning in host.start(startupValues: startupValues) { logger.warning(warning) }

        let daemon: BinderyDaemon
        do {
            daemon = try BinderyDaemon(configuration: configuration, host: host, inherited: inherited, logger: logger, program: program)
        } catch {
            host.stop()
            stopActions.runAll(on: scheduler, logger: logger)
            fail(error.description)
        }

        // Termination signals are handled before anyone learns the daemon is up, so a stop
        // requested right after READY=1 (or the printed URL) is never lost.
        let shutdown = ShutdownCoordinator(daemon: daemon, notifier: notifier, logger: logger) {
            stopActions.runAll(on: scheduler, logger: logger)
        }
        shutdown.watch([SIGTERM, SIGINT])

        let counted = viewModels.count == 1 ? "1 view model" : "\(viewModels.count) view models"
        let summary = "\(counted); control \(daemon.attach.socketDescription); http \(daemon.dashboardURL)"
        logger.info("serving \(summary)")
        let attach = daemon.attach.line(program: Self.replCommand)
        writeToStandardOutput("\(program): dashboard \(daemon.dashboardURL)\n\(program): attach the REPL with: \(attach)\n")
        notifier.ready(status: "serving " + summary)
        notifier.startWatchdog()

        dispatchMain()
    }

    /// Writes `text` to file descriptor 1 at once (no stdio buffering, so it shows up even
    /// when stdout is a pipe).
    private static func writeToStandardOutput(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = retryingInterrupted { write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset) }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// How to start the REPL: the `binderyctl` beside this binary when binderyd was started by
    /// path (as `make run` does, from `.build/debug`), else `binderyctl` from the PATH.
    static var replCommand: String {
        guard let me = CommandLine.arguments.first, let slash = me.lastIndex(of: "/") else { return "binderyctl" }
        let sibling = String(me[...slash]) + "binderyctl"
        return access(sibling, X_OK) == 0 ? sibling : "binderyctl"
    }
}
