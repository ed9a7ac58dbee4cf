import Bindery
import BinderySQLite
import Dispatch

/// Makes the hosted inputs' changes durable in as few transactions as possible: changes
/// recorded while a commit is in flight go into the next one, together (group commit).
///
/// Guarantees:
/// - A waiter registered with ``whenDurable(_:)`` is called once every change recorded
///   before it is durable (`nil`), or with the fault that stopped it; never before. Success
///   is reported from the writer's queue as soon as the transaction is committed; a failure
///   from the scheduler, after ``onFailure``.
/// - Commits happen one at a time, in recording order, each in one transaction; for every
///   input the latest recorded value is the one written.
/// - Batching: when a commit ends, the waiters it acknowledged plus those already pending are
///   the clients active now. The next commit waits until that many waiters are pending, but
///   no longer than ``maximumDelayNanoseconds`` (and half the last commit's duration):
///   clients just acknowledged are about to send again, and without the wait they would
///   always miss the next commit and ride the one after, halving the batches. A lone client
///   never waits.
/// - When a commit fails, that batch and everything recorded after it are dropped (their
///   waiters get the fault) and ``onFailure`` runs before the waiters hear of it, so the host can put the durable
///   values back: nothing that was not committed is kept, and nothing committed is undone.
/// - ``durable`` is what the database holds for each input (the start-up values before any
///   commit).
///
/// `@unchecked Sendable`: every member is touched only on the host's scheduler queue (the
/// writer queue only runs the commit itself, and hops back with `onScheduler`), so no two
/// threads touch the state at once.
final class GroupCommit: @unchecked Sendable {
    /// An input by position: view model index, input index.
    struct Key: Hashable {
        let viewModel: Int
        let input: Int
    }

    /// Called with nil once durable, or with the fault that prevented it.
    typealias Waiter = @Sendable (StorageFault?) -> Void

    private struct Row {
        let persisted: PersistedInput
        let value: SurfaceValue
    }

    private struct Batch {
        var rows: [Key: Row] = [:]
        var waiters: [Waiter] = []
    }

    /// The longest a commit waits for more waiters.
    static let maximumDelayNanoseconds: UInt64 = 2_000_000

    private let store: InputStore
    private let writer = DispatchQueue(label: "bindery.host.commit")
    private let scheduler: DispatchQueue
    private let metrics: Metrics?
    /// Waiters active when the previous commit ended (see the type's notes), and how long it took.
    private var activeWaiters = 0
    private var lastDurationNanoseconds: UInt64 = 0
    /// A delayed start is scheduled.
    private var delayed = false
    private var delayGeneration: UInt64 = 0
    private let onScheduler: @Sendable (@escaping @Sendable () -> Void) -> Void
    private var pending = Batch()
    private var inFlight: Batch?
    /// The value the database holds for each input.
    private(set) var durable: [Key: SurfaceValue] = [:]
    /// Runs on the scheduler when a commit failed, before anything is dropped: the host
    /// records the changes it applied but has not recorded yet, so they are dropped too.
    var beforeFailure: () -> Void = {}
    /// Runs on the scheduler after a failed commit's batches were dropped, before any waiter
    /// hears of it: the host puts the durable values back.
    var onFailure: (StorageFault) -> Void = { _ in }
    /// Runs on the scheduler after a successful commit.
    var onSuccess: () -> Void = {}

    /// A committer writing to `store`; `scheduler` is the host's scheduler queue, and
    /// `onScheduler` runs a closure on it (inline when already there).
    init(store: InputStore, scheduler: DispatchQueue, metrics: Metrics?,
         onScheduler: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.store = store
        self.scheduler = scheduler
        self.metrics = metrics
        self.onScheduler = onScheduler
    }

    /// Declares what the database holds for `key` (at start-up, before anything is recorded).
    func assumeDurable(_ key: Key, _ value: SurfaceValue) {
        durable[key] = value
    }

    /// Records that `key` now holds `value` (`persisted` is its row). A value equal to the
    /// durable one, for an input with nothing pending or in flight, needs no write.
    func record(_ key: Key, value: SurfaceValue, persisted: PersistedInput) {
        if pending.rows[key] == nil, inFlight?.rows[key] == nil, durable[key] == value { return }
        pending.rows[key] = Row(persisted: persisted, value: value)
    }

    /// Calls `waiter` once everything recorded so far is durable (at once if it is). A waiter
    /// joins the pending batch even when that has no rows (all it waits for is in flight): an
    /// in-flight batch never changes, so its writer calls its waiters itself.
    func whenDurable(_ waiter: @escaping Waiter) {
        if !pending.rows.isEmpty || inFlight != nil {
            pending.waiters.append(waiter)
            if !pending.rows.isEmpty { startIfFull() }
        } else {
            waiter(nil)
        }
    }

    /// Whether nothing is pending or being written.
    var isIdle: Bool { inFlight == nil && pending.rows.isEmpty }

    /// Starts writing the pending batch unless a commit is in flight (then it follows that
    /// one), or waits briefly for more waiters (see the type's notes).
    func startIfIdle() {
        guard inFlight == nil, !pending.rows.isEmpty, !delayed else { return }
        if pending.waiters.count < activeWaiters {
            let delay = min(Self.maximumDelayNanoseconds, lastDurationNanoseconds / 2)
            if delay > 0 {
                delayed = true
                delayGeneration &+= 1
                let generation = delayGeneration
                scheduler.asyncAfter(deadline: .now() + .nanoseconds(Int(delay))) { [self] in
                    guard delayed, generation == delayGeneration else { return }
                    delayed = false
                    start()
                }
                return
            }
        }
        start()
    }

    /// Starts writing the pending batch now unless a commit is in flight (stopping: no wait).
    func startNow() {
        delayed = false
        delayGeneration &+= 1
        start()
    }

    /// Called by `whenDurable`'s callers after adding waiters: a delayed start goes as soon
    /// as the batch is as big as the last.
    private func startIfFull() {
        if delayed, pending.waiters.count >= activeWaiters { startNow() }
    }

    private func start() {
        guard inFlight == nil, !pending.rows.isEmpty else { return }
        let batch = pending
        pending = Batch()
        inFlight = batch
        let rows = batch.rows.values.map(\.persisted).sorted { ($0.changed, $0.viewModel, $0.input) < ($1.changed, $1.viewModel, $1.input) }
        let store = store
        let began = DispatchTime.now().uptimeNanoseconds
        let waiters = batch.waiters
        writer.async { [self] in
            let fault: StorageFault?
            do throws(StoreError) { try store.commit(rows); fault = nil } catch { fault = StorageFault(error) }
            let took = DispatchTime.now().uptimeNanoseconds - began
            metrics?.recordStateCommit(failed: fault != nil)
            // Acknowledged from here, not after a hop to the scheduler: the batch is durable,
            // and nothing the scheduler does next can change that. A failure goes through the
            // scheduler first, where the host puts the durable values back.
            if fault == nil { for waiter in waiters { waiter(nil) } }
            onScheduler { [self] in ended(fault, took: took) }
        }
    }

    /// Blocks the caller (never the scheduler) until the writer has finished what it started.
    func waitForWriter() {
        writer.sync {}
    }

    private func ended(_ fault: StorageFault?, took: UInt64) {
        guard inFlight != nil else { return }
        // While the failed batch is still in flight nothing new can start: what the host
        // records now joins the batches that are dropped.
        if fault != nil { beforeFailure() }
        let batch = inFlight!
        inFlight = nil
        activeWaiters = batch.waiters.count + pending.waiters.count
        lastDurationNanoseconds = took
        if let fault {
            let dropped = pending
            pending = Batch()
            onFailure(fault)
            for waiter in batch.waiters + dropped.waiters { waiter(fault) }
        } else {
            for (key, row) in batch.rows { durable[key] = row.value }
            onSuccess()
            // Waiters that only waited for this batch (the pending one has no rows) are done.
            if pending.rows.isEmpty {
                let waiters = pending.waiters
                pending.waiters.removeAll()
                for waiter in waiters { waiter(nil) }
            }
            startIfIdle()
        }
    }
}
