import BinderyJSON
import BinderyPrimitives
import BinderyProtocol
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the daemon could not be reached or stopped answering.
public enum ConnectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No daemon listens at the path (or the path is not usable).
    case cannotConnect(path: String, reason: String)
    /// The connection closed (the daemon stopped or restarted).
    case closed

    public var description: String {
        switch self {
        case let .cannotConnect(path, reason):
            if reason == SocketLocator.permissionDenied {
                return "cannot connect to \(path): \(reason); \(SocketLocator.advice(path: path, reason: reason))"
            }
            return "cannot connect to \(path): is binderyd running? Start it with \(SocketLocator.howToStart(listeningAt: path)). (\(reason))"
        case .closed:
            return "binderyd closed the connection"
        }
    }
}

/// A request in flight: its reply arrives on the connection's reader thread.
public final class PendingReply: Sendable {
    /// The request's id, which its reply echoes.
    public let id: Int
    private let arrived = DispatchSemaphore(value: 0)
    private let slot = Mutex<Result<DaemonReply, ConnectionError>?>(nil)

    init(id: Int) { self.id = id }

    func fulfil(_ result: Result<DaemonReply, ConnectionError>) {
        let first = slot.withLock { current -> Bool in
            guard current == nil else { return false }
            current = result
            return true
        }
        if first { arrived.signal() }
    }

    /// Waits for the reply, calling `tick(elapsedSeconds)` about every `tickInterval` seconds;
    /// returns nil if `tick` returns false (the caller stopped waiting; the request goes on).
    public func wait(tickInterval: Double = 0.1, tick: (Double) -> Bool = { _ in true })
        -> Result<DaemonReply, ConnectionError>?
    {
        let start = ContinuousClock.now
        while true {
            if arrived.wait(timeout: .now() + tickInterval) == .success {
                return slot.withLock { $0 }
            }
            let elapsed = start.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if !tick(seconds) { return nil }
        }
    }
}

/// The REPL's connection to a daemon's control socket (docs/PROTOCOL.md; the daemon's end of
/// it is BinderyHost's `ControlConnection`): requests carry
/// increasing integer ids; a reader thread routes replies to their requests and `watch`
/// events (`{"id": …, "event": …}`) to `onEvent`. When the daemon goes away every waiting
/// request gets `.closed` and `onClose` runs once. The first request carries the client's
/// name (`client`), which the daemon records for the changes the connection makes.
public final class DaemonConnection: Sendable {
    public let path: String
    /// The name the connection gives the daemon (docs/PROTOCOL.md, `client`), if any.
    public let clientName: String?
    private struct State {
        var fd: Int32
        var nextID = 1
        var pending: [Int: PendingReply] = [:]
        var closed = false
        var named = false
    }
    private let state: Mutex<State>
    private let onEvent: @Sendable (DaemonReply) -> Void
    private let onClose: @Sendable () -> Void

    /// Connects to the socket at `path`, naming itself `clientName` to the daemon.
    public init(path: String, clientName: String? = nil, onEvent: @escaping @Sendable (DaemonReply) -> Void = { _ in },
                onClose: @escaping @Sendable () -> Void = {}) throws(ConnectionError) {
        self.path = path
        self.clientName = clientName
        self.onEvent = onEvent
        self.onClose = onClose
        let fd = try Self.connect(path)
        state = Mutex(State(fd: fd))
        DispatchQueue(label: "binderyctl.reader").async { [self] in readLoop(fd: fd) }
    }

    /// Nil when a connection to `path` succeeds (it is closed at once), else the reason it
    /// failed, e.g. "No such file or directory".
    public static func unreachableReason(_ path: String) -> String? {
        do {
            Glibc.close(try connect(path))
            return nil
        } catch {
            if case let .cannotConnect(_, reason) = error { return reason }
            return error.description
        }
    }

    private static func connect(_ path: String) throws(ConnectionError) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else {
            throw .cannotConnect(path: path, reason: "the path must have 1 to \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .cannotConnect(path: path, reason: String(cString: strerror(errno))) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw .cannotConnect(path: path, reason: reason)
        }
        return fd
    }

    /// Whether the connection has closed.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Sends `{"id": N, "op": op, …fields}` and returns the pending reply.
    public func send(op: ControlOp, _ fields: [(ControlField, JSONValue)] = []) throws(ConnectionError) -> PendingReply {
        let result: Result<PendingReply, ConnectionError> = state.withLock { state in
            guard !state.closed else { return .failure(.closed) }
            let pending = PendingReply(id: state.nextID)
            state.nextID += 1
            var members: [(String, JSONValue)] = [("id", .int(pending.id)), ("op", .string(op.rawValue))]
            if let clientName, !state.named { members.append((ControlField.client.rawValue, .string(clientName))) }
            let request = JSONValue.object(members + fields.map { ($0.0.rawValue, $0.1) })
            let bytes = Array((request.serialized + "\n").utf8)
            // Written under the lock: the reader closes the descriptor under the same lock, so
            // it cannot be closed (and its number reused) mid-write.
            guard Self.writeAll(state.fd, bytes) else { return .failure(.closed) }
            state.named = true
            state.pending[pending.id] = pending
            return .success(pending)
        }
        return try result.get()
    }

    /// Sends a request and waits for its reply (no ticking); for short requests.
    public func request(op: ControlOp, _ fields: [(ControlField, JSONValue)] = []) throws(ConnectionError) -> DaemonReply {
        let pending = try send(op: op, fields)
        guard let result = pending.wait() else { throw .closed }
        return try result.get()
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = retryingInterrupted { bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Closes the connection (a `watch` ends this way); waiting requests get `.closed`.
    public func close() {
        state.withLock { state in
            if !state.closed { _ = shutdown(state.fd, Int32(SHUT_RDWR)) }
        }
    }

    private func readLoop(fd: Int32) {
        var buffer: [UInt8] = []
        // Where the search for a newline resumes: a long reply (a session file of megabytes)
        // arrives in many reads, and each is searched once, not the whole line again.
        var searched = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = retryingInterrupted { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            guard n > 0 else { break }
            buffer.append(contentsOf: chunk[0..<n])
            while let newline = buffer[searched...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                searched = 0
                deliver(line)
            }
            searched = buffer.count
        }
        let waiting = state.withLock { state -> [PendingReply] in
            state.closed = true
            Glibc.close(state.fd)
            defer { state.pending = [:] }
            return Array(state.pending.values)
        }
        for pending in waiting { pending.fulfil(.failure(.closed)) }
        onClose()
    }

    private func deliver(_ line: String) {
        guard let value = try? JSONParser.parse(line) else { return }
        let reply = DaemonReply(raw: line, value: value)
        if value["event"] != nil {
            onEvent(reply)
            return
        }
        // A reply with a null id answers a request the daemon could not read (an oversized
        // frame): it goes to the oldest request still waiting, which is the one it refused,
        // so no request ever waits for a reply that will not come.
        let pending = state.withLock { state -> PendingReply? in
            if let id = value["id"]?.intValue { return state.pending.removeValue(forKey: id) }
            guard value["id"]?.isNull == true, let oldest = state.pending.keys.min() else { return nil }
            return state.pending.removeValue(forKey: oldest)
        }
        pending?.fulfil(.success(reply))
    }
}
