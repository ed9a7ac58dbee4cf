import Bindery

/// The group commit's logic: which recorded versions go into which transaction, when it
/// starts, and what follows its end. A plain state machine — each event is a `mutating func`
/// returning the actions its caller carries out, in order (``Action``); it runs no I/O, holds
/// no thread and calls nothing back, so its tests drive it alone. The host keeps it on its
/// scheduler and carries out its actions; ``CommitWriter`` runs the transactions.
///
/// Guarantees (for a caller that carries out every action in order):
/// - Every version recorded (``versionRecorded(_:)``) is written with the inputs, members,
///   events, history rows and operator states recorded before it, in one transaction; its
///   publication is asked for only once that transaction is durable, in version order, and
///   never when it failed: a client is never shown a version a crash or a failed commit can
///   take back. Its waiters hear once it is durable (nil), or of the fault that stopped it.
/// - Commits happen one at a time, in recording order: what is recorded while one is in
///   flight goes into the next, together; for every input or member the latest recorded value
///   is the one written. An input recorded with the value the database holds, with nothing
///   pending or in flight for it, is not written.
/// - Batching: when a commit ends, the waiters it acknowledged plus those already pending are
///   the clients active now. The next commit waits (``Action/delay(nanoseconds:generation:)``)
///   until that many waiters are pending, but no longer than ``maximumDelayNanoseconds`` (and
///   half the last commit's duration): clients just acknowledged are about to send again, and
///   without the wait they would always miss the next commit and ride the one after, halving
///   the batches. A lone client never waits.
/// - When a commit fails, that batch and everything recorded after it are dropped: the caller
///   puts the durable inputs back and records the dropped members again
///   (``Action/putBack(_:durable:droppedMembers:)``) before their waiters hear of it, and their
///   publications never run: nothing that was not committed is shown or kept, and nothing
///   committed is undone.
/// - Before each commit starts, the database file is checked (``Action/checkFile``). When it
///   was deleted, replaced or truncated, every batch carries the whole state — every stored
///   input row, what the caller adds (``Action/recordWholeState``: every member, the event log
///   and the version) — and is written into a fresh file, until one such commit succeeds. A
///   failure on the way fails that batch like any other.
/// - While failed batches are held (``holdFailedBatches()``: a start whose restored state is
///   not durable yet), a failed batch is not dropped: it stays pending, ahead of what was
///   recorded since, with its version, events, history rows and publications, and is tried
///   again after ``retryNanoseconds`` (``Action/retry(afterNanoseconds:)``), or with the next
///   version recorded, until it commits.
/// - Stopping (``stopAsked()``) drains: what is pending is written at once (a held batch gets
///   one more try, then is dropped, its waiters told), the file is checked one last time, and
///   ``Action/stopped`` is returned each time nothing is pending or in flight.
package struct GroupCommit: Sendable {
    /// What the caller does, in the order given.
    package enum Action: Sendable {
        /// Write `batch` in one transaction, then report ``commitEnded(tookNanoseconds:)`` or
        /// ``commitFailed(_:tookNanoseconds:)``.
        case write(Batch)
        /// Check whether the database file was deleted, replaced or truncated, and report it
        /// with ``fileChecked(replaced:)``.
        case checkFile
        /// The database file was found deleted, replaced or truncated (how): log it.
        case fileReplaced(String)
        /// Record the whole state — every member, the event log, the version — with
        /// ``wholeStateRecorded(_:)``; unless changes are applied and not recorded yet: the
        /// version that records them asks again.
        case recordWholeState
        /// Report ``delayEnded(generation:)`` after `nanoseconds`.
        case delay(nanoseconds: UInt64, generation: UInt64)
        /// Report ``retryDue()`` after `afterNanoseconds`.
        case retry(afterNanoseconds: UInt64)
        /// Show these versions, in order: they are durable.
        case publish([@Sendable () -> Void])
        /// Tell these waiters their changes are durable (nil), or why not.
        case reply([Waiter], StorageFault?)
        /// A commit succeeded.
        case committed
        /// A commit failed and dropped the batches after the last durable one: put every input
        /// back to `durable` (what the database holds) and record `droppedMembers` again with
        /// the next version.
        case putBack(StorageFault, durable: [Key: SurfaceValue], droppedMembers: Set<MemberKey>)
        /// A held batch failed with this fault; it is tried again (a ``retry(afterNanoseconds:)`` follows).
        case held(StorageFault)
        /// Stopping, and nothing is pending or in flight.
        case stopped
    }

    /// The longest a commit waits for more waiters.
    package static let maximumDelayNanoseconds: UInt64 = 2_000_000
    /// How long a held batch waits before it is tried again.
    package static let retryNanoseconds: UInt64 = 1_000_000_000

    private var pending = Batch()
    private var inFlight: Batch?
    /// The value the database holds for each input.
    package private(set) var durable: [Key: SurfaceValue] = [:]
    /// The row the database holds for each input it holds one for (what a fresh file gets).
    private var storedRows: [Key: PersistedInput] = [:]
    /// The file was found deleted, replaced or truncated and a fresh one does not hold the
    /// whole state yet.
    private var owesWholeState = false
    /// Failed batches are kept and retried instead of dropped; cleared by the first commit
    /// that succeeds, or by a stop.
    private var holdsFailedBatches = false
    /// Waiters active when the previous commit ended (see the type's notes), and how long it took.
    private var activeWaiters = 0
    private var lastDurationNanoseconds: UInt64 = 0
    /// A delayed start is due (the generation of the delay that starts it).
    private var delayed = false
    private var delayGeneration: UInt64 = 0
    /// A stop asked for everything to be written.
    private var draining = false
    /// The stop's last check of the file was asked for.
    private var checkedFileAtStop = false

    /// A group commit with nothing recorded.
    package init() {}

    /// Whether a commit is being written.
    package var isWriting: Bool { inFlight != nil }

    // MARK: - Set-up (at start, before anything is recorded)

    /// Declares what the database holds for `key`.
    package mutating func assumeDurable(_ key: Key, _ value: SurfaceValue) {
        durable[key] = value
    }

    /// Declares that the database holds `row` for `key` (what a fresh file gets).
    package mutating func assumeStored(_ key: Key, _ row: PersistedInput) {
        storedRows[key] = row
    }

    /// Holds failed batches until one commits (see the type's notes).
    package mutating func holdFailedBatches() {
        holdsFailedBatches = true
    }

    // MARK: - Events

    /// A version (or operator states alone) was recorded: it joins the pending batch, which
    /// starts now unless a commit is in flight or the batch waits for more waiters.
    package mutating func versionRecorded(_ batch: Batch) -> [Action] {
        var batch = batch
        batch.inputs = batch.inputs.filter { key, row in
            pending.inputs[key] != nil || inFlight?.inputs[key] != nil || durable[key] != row.value
        }
        pending = pending.merged(then: batch)
        // A delayed start goes as soon as the batch is as big as the last.
        if delayed, !batch.waiters.isEmpty, pending.waiters.count >= activeWaiters { return startNow() }
        return startIfIdle()
    }

    /// The delay of generation `generation` (``Action/delay(nanoseconds:generation:)``) passed.
    package mutating func delayEnded(generation: UInt64) -> [Action] {
        guard delayed, generation == delayGeneration else { return [] }
        return startNow()
    }

    /// The held batch's wait (``Action/retry(afterNanoseconds:)``) passed.
    package mutating func retryDue() -> [Action] {
        guard holdsFailedBatches, inFlight == nil, pending.hasWork else { return [] }
        return startNow()
    }

    /// The file check asked for (``Action/checkFile``) found it in place (nil) or replaced (how).
    package mutating func fileChecked(replaced how: String?) -> [Action] {
        guard inFlight == nil else { return [] }
        var actions: [Action] = []
        if let how, !owesWholeState {
            owesWholeState = true
            actions.append(.fileReplaced(how))
        }
        return actions + takePending()
    }

    /// The whole state asked for (``Action/recordWholeState``) was recorded in `whole`: it is
    /// written with what is pending (the event log it carries before the pending events) and
    /// every input row the database held.
    package mutating func wholeStateRecorded(_ whole: Batch) -> [Action] {
        guard inFlight == nil, owesWholeState, !pending.whole else { return [] }
        var loggedFirst = whole
        loggedFirst.events = []
        let events = whole.events + pending.events
        pending = pending.merged(then: loggedFirst)
        pending.events = events
        for (key, row) in storedRows where pending.inputs[key] == nil {
            pending.inputs[key] = Batch.InputRow(persisted: row, value: durable[key] ?? .null)
        }
        pending.whole = true
        return takePending()
    }

    /// The commit in flight is durable.
    package mutating func commitEnded(tookNanoseconds took: UInt64) -> [Action] {
        guard let batch = finishCommit(tookNanoseconds: took) else { return [] }
        for (key, row) in batch.inputs {
            durable[key] = row.value
            storedRows[key] = row.persisted
        }
        if batch.whole { owesWholeState = false }
        holdsFailedBatches = false
        return [.publish(batch.publications), .reply(batch.waiters, nil), .committed] + startIfIdle()
    }

    /// The commit in flight failed with `fault`. The caller records what it applied and has
    /// not recorded yet first, so that is dropped too.
    package mutating func commitFailed(_ fault: StorageFault, tookNanoseconds took: UInt64) -> [Action] {
        guard let batch = finishCommit(tookNanoseconds: took) else { return [] }
        if holdsFailedBatches, !draining {
            pending = batch.merged(then: pending)
            return [.held(fault), .retry(afterNanoseconds: Self.retryNanoseconds)]
        }
        let dropped = pending
        pending = Batch()
        var actions: [Action] = []
        if holdsFailedBatches {
            // A stop that cannot wait for the disk: the held state stays as the database holds it.
            holdsFailedBatches = false
        } else {
            actions.append(.putBack(fault, durable: durable, droppedMembers: batch.memberKeys.union(dropped.memberKeys)))
        }
        return actions + [.reply(batch.waiters + dropped.waiters, fault)] + startIfIdle()
    }

    /// Stop asked: write what is pending now, without waiting for more waiters; then
    /// ``Action/stopped`` whenever nothing is pending or in flight.
    package mutating func stopAsked() -> [Action] {
        draining = true
        return startIfIdle()
    }

    // MARK: - Transitions

    private mutating func finishCommit(tookNanoseconds took: UInt64) -> Batch? {
        guard let batch = inFlight else { return nil }
        inFlight = nil
        activeWaiters = batch.waiters.count + pending.waiters.count
        lastDurationNanoseconds = took
        return batch
    }

    /// Starts the pending batch unless a commit is in flight (then it follows that one), or
    /// waits briefly for more waiters (see the type's notes).
    private mutating func startIfIdle() -> [Action] {
        guard inFlight == nil else { return [] }
        guard pending.hasWork else { return drained() }
        if draining { return startNow() }
        guard !delayed else { return [] }
        if pending.waiters.count < activeWaiters {
            let delay = min(Self.maximumDelayNanoseconds, lastDurationNanoseconds / 2)
            if delay > 0 {
                delayed = true
                delayGeneration &+= 1
                return [.delay(nanoseconds: delay, generation: delayGeneration)]
            }
        }
        return startNow()
    }

    private mutating func startNow() -> [Action] {
        delayed = false
        guard inFlight == nil else { return [] }
        return owesWholeState ? takePending() : [.checkFile]
    }

    /// The pending batch to write, once the file was checked.
    private mutating func takePending() -> [Action] {
        // A held batch that carries the whole state already has the log and every member.
        if owesWholeState, !pending.whole { return [.recordWholeState] }
        guard pending.hasWork else { return drained() }
        inFlight = pending
        pending = Batch()
        return [.write(inFlight!)]
    }

    /// Nothing is pending or in flight: a stop checks the file once more, then is done.
    private mutating func drained() -> [Action] {
        guard draining, inFlight == nil, !pending.hasWork else { return [] }
        if !checkedFileAtStop {
            checkedFileAtStop = true
            return startNow()
        }
        return [.stopped]
    }
}
