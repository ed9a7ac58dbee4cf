import BinderyTestSupport
import Foundation

/// The real binderyd the end-to-end tests talk to: the one whose control socket
/// `BINDERY_TEST_SOCKET` names (scripts/e2e.sh points these tests at the daemon it started),
/// else one of the test's own (``DaemonProcess``) on a temporary socket, port and state
/// directory, with the latency and log level e2e's daemon has, stopped by ``stop()``.
final class TestDaemon {
    /// The daemon's control socket.
    let socketPath: String
    /// The test's own daemon, nil when the run names one.
    private let process: DaemonProcess?
    private let directory: TemporaryDirectory?

    private init(socketPath: String, process: DaemonProcess?, directory: TemporaryDirectory?) {
        self.socketPath = socketPath
        self.process = process
        self.directory = directory
    }

    /// The real daemon's control socket from `BINDERY_TEST_SOCKET`, if the run names one.
    static var sharedSocket: String? {
        ProcessInfo.processInfo.environment["BINDERY_TEST_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The daemon named by `BINDERY_TEST_SOCKET`, else a new one of the test's own.
    static func start() throws -> TestDaemon {
        if let shared = sharedSocket { return TestDaemon(socketPath: shared, process: nil, directory: nil) }
        return try startOwn()
    }

    /// A new daemon of the test's own, whatever the run names: for tests that stop it, kill it
    /// or start it again. `directory` holds its socket and state (a fresh one when nil), so a
    /// daemon started again on the same directory listens where the first one did.
    static func startOwn(in directory: TemporaryDirectory? = nil) throws -> TestDaemon {
        // A short path, as a person's socket would have: the banner quoting it must fit 80 columns.
        let directory = try directory ?? TemporaryDirectory(name: "bctl-\(UUID().uuidString.prefix(8))")
        let process = try DaemonProcess(directory: directory.path("d"), latencyFlag: false, logLevel: "warning")
        return TestDaemon(socketPath: process.socketPath, process: process, directory: directory)
    }

    /// The temporary directory of the test's own daemon (nil for the shared one).
    var ownDirectory: TemporaryDirectory? { directory }

    /// Stops the test's own daemon (SIGTERM, waiting for it); the shared one keeps running.
    func stop() { process?.stop() }
}
