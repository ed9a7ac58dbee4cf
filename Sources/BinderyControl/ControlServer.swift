import BinderyPrimitives
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The control socket's server: accepts clients on a listening Unix stream socket and serves
/// each with a ``ControlFrameHandler`` (binderyd's: the host's `ControlProtocolHandler`).
///
/// Guarantees: accepting and every client's I/O run on dispatch queues, never blocking
/// each other; ``stopAccepting()`` closes the listening socket (and removes the socket file
/// it created) while connected clients keep being served; ``closeAll()`` disconnects them.
public final class ControlServer: Sendable {
    /// Where the server listens.
    public enum Listener: Sendable {
        /// Bind `path` with permissions `mode` (see ``UnixListeningSocket/bind(path:mode:)``).
        case path(String, mode: mode_t)
        /// Accept on an inherited listening socket (systemd socket activation).
        case socket(Int32)
    }

    private let handler: any ControlFrameHandler
    private let queue = DispatchQueue(label: "bindery.control", attributes: .concurrent)
    private let acceptQueue = DispatchQueue(label: "bindery.control.accept")
    private let listenDescriptor: Int32
    private let ownedPath: String?
    private let acceptSource: SendableSource
    private let connections = Lock<[ObjectIdentifier: ControlConnection]>([:])
    private let accepting = Synchronization.Atomic<Bool>(true)
    private let outputBudget: ControlOutputBudget
    private let partialLineSeconds: Double

    /// libdispatch sources are thread-safe objects; the overlay just does not say so.
    private struct SendableSource: @unchecked Sendable {
        let source: DispatchSourceRead
    }

    /// The default of `outputBudgetBytes`: 64 MiB.
    public static let defaultOutputBudgetBytes = 64 << 20

    /// The default of `partialLineSeconds`: 10 s. A client writes a request line at once (binderyctl
    /// sends each whole), so a line still incomplete after seconds is a client that stalled or
    /// holds connections open on purpose (2,000 such were seen held for ever); as HTTP request
    /// heads (binderyd's 10 s head timeout), it is given ten seconds.
    public static let defaultPartialLineSeconds = 10.0

    /// Starts listening and serving with `handler`. All clients together may have at most
    /// `outputBudgetBytes` of replies and watch lines queued unread; past that the slowest
    /// readers are disconnected, each logged through `log` (``ControlOutputBudget``). A client
    /// that leaves a request line incomplete (bytes without their newline) for more than
    /// `partialLineSeconds` of reading is answered one error (``ControlFrameHandler/handleIncompleteFrame(afterSeconds:session:)``)
    /// and disconnected; an idle client holding no partial line (a REPL waiting for its user,
    /// a `watch`) is never disconnected for it.
    public init(listener: Listener, handler: any ControlFrameHandler, outputBudgetBytes: Int = defaultOutputBudgetBytes,
                partialLineSeconds: Double = defaultPartialLineSeconds,
                log: (@Sendable (String) -> Void)? = nil) throws(ControlSetupError) {
        self.handler = handler
        self.partialLineSeconds = partialLineSeconds
        self.outputBudget = ControlOutputBudget(limit: outputBudgetBytes, log: log)
        switch listener {
        case let .path(path, mode):
            listenDescriptor = try UnixListeningSocket.bind(path: path, mode: mode)
            ownedPath = path
        case let .socket(descriptor):
            let flags = fcntl(descriptor, F_GETFL)
            guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
                throw ControlSetupError("inherited control socket \(descriptor) is unusable: \(String(cString: strerror(errno)))")
            }
            listenDescriptor = descriptor
            ownedPath = nil
        }
        acceptSource = SendableSource(source: DispatchSource.makeReadSource(fileDescriptor: listenDescriptor, queue: acceptQueue))
        let descriptor = listenDescriptor
        acceptSource.source.setEventHandler { [weak self] in self?.acceptAll() }
        acceptSource.source.setCancelHandler { close(descriptor) }
        acceptSource.source.resume()
    }

    /// Connected clients.
    public var clientCount: Int { connections.withLock { $0.count } }

    /// Stops accepting: closes the listening socket and removes the socket file this server
    /// created. Idempotent.
    public func stopAccepting() {
        guard accepting.exchange(false, ordering: .acquiringAndReleasing) else { return }
        acceptSource.source.cancel()
        if let ownedPath { unlink(ownedPath) }
    }

    /// Lets every client receive the replies already queued for it, then disconnects it;
    /// clients still connected after `timeoutMilliseconds` are disconnected anyway.
    public func drainAndCloseAll(timeoutMilliseconds: Int) {
        for connection in connections.withLock({ Array($0.values) }) { connection.drainAndClose() }
        var waited = 0
        while clientCount > 0, waited < timeoutMilliseconds {
            usleep(5_000)
            waited += 5
        }
        closeAll()
    }

    /// Disconnects every client.
    public func closeAll() {
        for connection in connections.withLock({ Array($0.values) }) { connection.shutdown() }
    }

    deinit {
        stopAccepting()
    }

    private func acceptAll() {
        while accepting.load(ordering: .acquiring) {
            // accept4 is not visible to Swift (it needs _GNU_SOURCE); accept and set the flags.
            let client = retryingInterrupted { accept(listenDescriptor, nil, nil) }
            guard client >= 0 else {
                if errno == ECONNABORTED { continue }
                return  // EAGAIN, or out of descriptors: try again on the next readiness event
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            let connection = ControlConnection(
                descriptor: client, handler: handler, target: queue, budget: outputBudget, partialLineSeconds: partialLineSeconds
            ) { [weak self] connection in
                _ = self?.connections.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
            }
            connections.withLock { $0[ObjectIdentifier(connection)] = connection }
            connection.start()
        }
    }
}
