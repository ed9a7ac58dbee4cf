import BinderySQLite
import Dispatch

/// Runs the group commit's transactions (``GroupCommit/Action/write(_:)``) on its own queue,
/// one at a time, in the order given: the only work that queue does is SQLite's.
///
/// Guarantees:
/// - A batch's members and list rows are encoded here, from the snapshots taken when they
///   were recorded, so a long list costs the host's scheduler nothing.
/// - A batch carrying the whole state goes into a fresh file unless the one a failed earlier
///   try opened is still in place.
/// - A commit that fails on a full disk checkpoints the write-ahead log: copying it into the
///   file and truncating it can give the space back for the next try.
package final class CommitWriter: Sendable {
    private let store: InputStore
    private let eventCapacity: Int
    /// The most bytes the saved history keeps (0: all).
    private let historyBudget: Int
    private let queue = DispatchQueue(label: "bindery.host.commit")
    /// Told of every commit as it ends, on the writer's queue (whether it failed).
    private let commitEnded: (@Sendable (_ failed: Bool) -> Void)?

    /// A writer into `store`, keeping its newest `eventCapacity` events and the newest
    /// `historyBudget` bytes of its history (0: all).
    package init(store: InputStore, eventCapacity: Int, historyBudget: Int = 0,
                 commitEnded: (@Sendable (_ failed: Bool) -> Void)? = nil) {
        self.store = store
        self.eventCapacity = eventCapacity
        self.historyBudget = historyBudget
        self.commitEnded = commitEnded
    }

    /// Writes `batch` in one transaction, then calls `completion` on the writer's queue with
    /// the fault that failed it (nil: it is durable) and how long it took.
    package func write(_ batch: GroupCommit.Batch,
                       completion: @escaping @Sendable (_ fault: StorageFault?, _ tookNanoseconds: UInt64) -> Void) {
        let began = DispatchTime.now().uptimeNanoseconds
        queue.async { [store, eventCapacity, historyBudget, commitEnded] in
            let state = batch.stateBatch(historyBudget: historyBudget)
            let fault: StorageFault?
            do throws(StoreError) {
                if batch.whole, store.replacement() != nil { try store.openFresh() }
                try store.commit(state, keepingEvents: eventCapacity)
                fault = nil
            } catch {
                fault = StorageFault(error)
                if fault?.cause == .diskFull { try? store.checkpoint() }
            }
            commitEnded?(fault != nil)
            completion(fault, DispatchTime.now().uptimeNanoseconds - began)
        }
    }

    /// Blocks the caller (never the host's scheduler) until the writer has finished what it was given.
    package func waitUntilIdle() {
        queue.sync {}
    }

    /// How the database file was deleted, replaced or truncated since it was opened (nil: it
    /// is the file open): a few `stat` calls, checked before each commit starts.
    package func replacement() -> String? {
        store.replacement()
    }
}
