import Synchronization

/// A session's connections to the daemon: the one its requests go over (made on first use, and
/// made again after the daemon went away, saying so) and the one its `watch` streams on. Shared
/// with the connections' reader threads, which report a loss through `SessionIO.notice`.
final class DaemonLink: Sendable {
    private struct State {
        var connection: DaemonConnection?
        /// The daemon went away and has not come back yet.
        var lost = false
        var watch: DaemonConnection?
        /// The watch connection is being closed on purpose (no "watch ended" notice).
        var watchStopping = false
    }
    private let state = Mutex(State())
    /// The daemon's control socket.
    let socketPath: String
    /// The name each request connection gives the daemon.
    let clientName: String?
    private let io: SessionIO

    init(socketPath: String, clientName: String? = nil, io: SessionIO) {
        self.socketPath = socketPath
        self.clientName = clientName
        self.io = io
    }

    deinit {
        state.withLock { state in
            state.connection?.close()
            state.watch?.close()
        }
    }

    /// The request connection as it is now (it may have closed), nil before the first connect.
    var current: DaemonConnection? { state.withLock { $0.connection } }

    /// The live request connection, connecting if there is none; `connected` runs when a new
    /// one was made. After a loss it says "reconnected".
    func connect(connected: () -> Void) throws(ConnectionError) -> DaemonConnection {
        if let live = current, !live.isClosed { return live }
        let io = self.io
        let connection = try DaemonConnection(path: socketPath, clientName: clientName, onClose: { [weak self] in
            guard let self else { return }
            let announce = self.state.withLock { state -> Bool in
                guard !state.lost else { return false }
                state.lost = true
                return true
            }
            if announce {
                io.notice("binderyd went away (connection closed); the session stays open and reconnects when it returns")
            }
        })
        let wasLost = state.withLock { state -> Bool in
            state.connection = connection
            defer { state.lost = false }
            return state.lost
        }
        connected()
        if wasLost { io.notice("reconnected to binderyd at \(socketPath)") }
        return connection
    }

    /// Whether the daemon was lost and not yet back (or never reached).
    var isDisconnected: Bool {
        state.withLock { $0.lost || $0.connection.map(\.isClosed) ?? true }
    }

    /// Whether the daemon went away and has not come back yet.
    var isLost: Bool { state.withLock { $0.lost } }

    /// Records that the daemon went away during a command.
    func markLost() {
        state.withLock { $0.lost = true }
    }

    // MARK: watch

    /// Whether a `watch` connection is open.
    var isWatching: Bool { state.withLock { $0.watch.map { !$0.isClosed } ?? false } }

    /// Keeps `connection` as the session's watch.
    func adoptWatch(_ connection: DaemonConnection) {
        state.withLock { $0.watch = connection; $0.watchStopping = false }
    }

    /// Closes the watch connection on purpose, if there is one; true if there was.
    func stopWatch() -> Bool {
        let watch = state.withLock { state -> DaemonConnection? in
            defer { state.watch = nil }
            state.watchStopping = state.watch != nil
            return state.watch
        }
        guard let watch else { return false }
        watch.close()
        return true
    }

    /// Called when a watch connection closed: true if `stopWatch()` closed it (no notice due).
    func watchClosedOnPurpose() -> Bool {
        state.withLock { state -> Bool in
            defer { state.watchStopping = false }
            return state.watchStopping
        }
    }
}
