import BinderyPrimitives
import Synchronization

/// One budget for the output queued to all control clients together (replies and watch
/// lines not yet taken by their readers), so that many clients that stop reading cannot
/// take the daemon's memory between them, each under its own per-connection cap.
///
/// Guarantees: every queued byte is charged to its client and released when written or when
/// the client is gone; whenever the total goes over ``limit``, the clients with the most
/// unread output (the slowest readers) are told to close, largest first, until the rest fit,
/// and each closing is logged with its reason; a client is told once.
final class ControlOutputBudget: Sendable {
    /// The most bytes all clients together may have queued.
    let limit: Int
    private let log: (@Sendable (String) -> Void)?

    private struct Client {
        var queued = 0
        var closing = false
        let close: @Sendable () -> Void
    }
    private struct Ledger {
        var total = 0
        var clients: [ObjectIdentifier: Client] = [:]
    }
    private let ledger = Lock(Ledger())

    /// A budget of `limit` bytes; `log` receives one line per client closed for it.
    init(limit: Int, log: (@Sendable (String) -> Void)? = nil) {
        self.limit = limit
        self.log = log
    }

    /// The bytes queued now, across all clients.
    var total: Int { ledger.withLock { $0.total } }

    /// Starts accounting for `client`, which `close` closes when the budget runs out.
    func register(_ client: ObjectIdentifier, close: @escaping @Sendable () -> Void) {
        ledger.withLock { $0.clients[client] = Client(close: close) }
    }

    /// `bytes` more are queued for `client`; closes the slowest clients if that is too much.
    func charge(_ bytes: Int, to client: ObjectIdentifier) {
        let evicted: [(close: @Sendable () -> Void, line: String)] = ledger.withLock { ledger in
            guard ledger.clients[client] != nil else { return [] }
            ledger.clients[client]!.queued += bytes
            ledger.total += bytes
            guard ledger.total > limit else { return [] }
            // Clients already told to close free their bytes soon: only the rest must fit.
            let closing = ledger.clients.values.reduce(0) { $1.closing ? $0 + $1.queued : $0 }
            var over = ledger.total - closing - limit
            var evicted: [(close: @Sendable () -> Void, line: String)] = []
            let slowest = ledger.clients.filter { !$0.value.closing }.sorted { $0.value.queued > $1.value.queued }
            for (id, entry) in slowest where over > 0 {
                ledger.clients[id]!.closing = true
                over -= entry.queued
                evicted.append((entry.close, "closing a control client with \(Self.mebibytes(entry.queued)) of replies and watch lines unread: "
                    + "all clients together had \(Self.mebibytes(ledger.total)) queued, over the budget of \(Self.mebibytes(limit)) (--control-output-mib)"))
            }
            return evicted
        }
        for (close, line) in evicted {
            log?(line)
            close()
        }
    }

    /// `bytes` of `client`'s output were written.
    func release(_ bytes: Int, from client: ObjectIdentifier) {
        ledger.withLock { ledger in
            guard ledger.clients[client] != nil else { return }
            ledger.clients[client]!.queued -= bytes
            ledger.total -= bytes
        }
    }

    /// `client` is gone: whatever it still had queued is released.
    func remove(_ client: ObjectIdentifier) {
        ledger.withLock { ledger in
            guard let entry = ledger.clients.removeValue(forKey: client) else { return }
            ledger.total -= entry.queued
        }
    }

    private static func mebibytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
