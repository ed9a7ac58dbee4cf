import BinderyPrimitives
import CMicroHTTPD
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// Closes connections whose request head is overdue, however slowly it trickles in
/// (slowloris): libmicrohttpd's own timeout counts silence only, so a client sending a byte
/// every few seconds would hold its connection for ever.
///
/// Guarantees: a connection that has not completed its first request head within
/// `firstHead` of being accepted, or a later one within `nextHead` of the previous answer
/// being sent, is shut down (both directions) within about a second of that deadline; a
/// connection whose request is being handled or waits for a late
/// answer (a long-poll) has no deadline. The socket is shut down, never closed here:
/// libmicrohttpd sees the end of the stream and closes and releases the connection itself.
/// `shuttingDown` is called before each shutdown, so whatever it frees (the connection's slot)
/// is free before the client can see its connection end; `closed` then says the connection
/// was shut down here.
final class RequestHeadDeadlines: Sendable {
    private struct Entry {
        let socket: Int32
        /// Monotonic nanoseconds by which the head must be complete; nil while a request is
        /// handled.
        var deadline: UInt64?
        /// Whether the deadline passed and the socket was shut down.
        var shutDown = false
    }

    private let firstHead: UInt64
    private let nextHead: UInt64?
    /// Connections by their libmicrohttpd pointer. An entry is removed when libmicrohttpd
    /// reports the connection closed, which it does before closing the socket, so a socket
    /// found here under the lock is still the connection's own.
    private let entries = Lock<[Int: Entry]>([:])
    private let stopped = Synchronization.Atomic(false)
    private let queue = DispatchQueue(label: "bindery.http.head-deadlines", qos: .utility)
    private let interval: DispatchTimeInterval
    private let shuttingDown: @Sendable () -> Void

    /// Deadlines of `firstHeadSeconds` for a new connection's first head and
    /// `nextHeadSeconds` (nil: none) for each later one, checked every
    /// `checkEverySeconds`; calls `shuttingDown` (under the connections' lock) before
    /// shutting an overdue connection down.
    init(
        firstHeadSeconds: UInt32, nextHeadSeconds: UInt32?, checkEverySeconds: Double = 1,
        shuttingDown: @escaping @Sendable () -> Void
    ) {
        firstHead = UInt64(firstHeadSeconds) * 1_000_000_000
        nextHead = nextHeadSeconds.map { UInt64($0) * 1_000_000_000 }
        interval = .milliseconds(Int(checkEverySeconds * 1000))
        self.shuttingDown = shuttingDown
        scheduleCheck()
    }

    /// Checks again after `interval`, until stopped (or released).
    private func scheduleCheck() {
        queue.asyncAfter(deadline: .now() + interval) { [weak self] in
            guard let self, !stopped.load(ordering: .relaxed) else { return }
            closeOverdue()
            scheduleCheck()
        }
    }

    /// A connection was accepted: its first head is due within `firstHead`.
    func opened(_ connection: OpaquePointer) {
        let socket = bindery_mhd_connection_socket(connection)
        guard socket >= 0 else { return }
        let deadline = Self.now() + firstHead
        entries.withLock { $0[Int(bitPattern: connection)] = Entry(socket: socket, deadline: deadline) }
    }

    /// The connection's request head is complete: no deadline until its answer is sent.
    func headCompleted(_ connection: OpaquePointer) {
        entries.withLock { $0[Int(bitPattern: connection)]?.deadline = nil }
    }

    /// The connection's request was answered (or abandoned): the next head is due within
    /// `nextHead`.
    func requestEnded(_ connection: OpaquePointer) {
        guard let nextHead else { return }
        let deadline = Self.now() + nextHead
        entries.withLock { $0[Int(bitPattern: connection)]?.deadline = deadline }
    }

    /// libmicrohttpd closed the connection (its socket is still open at this point); returns
    /// whether its head deadline had shut it down.
    func closed(_ connection: OpaquePointer) -> Bool {
        entries.withLock { $0.removeValue(forKey: Int(bitPattern: connection)) }?.shutDown ?? false
    }

    /// Stops checking (the server is stopping).
    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    private func closeOverdue() {
        let now = Self.now()
        entries.withLock { entries in
            for (key, entry) in entries {
                // Shut once (its slot is given back once); libmicrohttpd reports it closed shortly.
                guard !entry.shutDown, let deadline = entry.deadline, deadline <= now else { continue }
                entries[key]?.shutDown = true
                shuttingDown()
                shutdown(entry.socket, Int32(SHUT_RDWR))
            }
        }
    }

    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
