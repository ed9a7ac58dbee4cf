import BinderyPrimitives
import Dispatch
// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A scheduler in virtual time, for deterministic tests of time-based operators.
///
/// Nothing runs until the test advances the clock: `advance(by:)` runs, on the calling thread,
/// every action due up to the new time, in date order (and in scheduling order for equal
/// dates), moving `currentDate` to each action's date as it runs it. Actions scheduled while
/// advancing run in the same advance if they fall due within it.
public final class TestScheduler: DateScheduler, @unchecked Sendable {
    // `@unchecked`: `now`, `queue` and `sequence` are only touched under `mutex`; actions run
    // outside it, on the thread that advances the clock.
    private struct Entry {
        let date: Date
        let sequence: UInt64
        let action: () -> Void
        let disposable: AnyDisposable
    }

    private let mutex = Lock(())
    private var now: Date
    private var queue: [Entry] = []
    private var sequence: UInt64 = 0

    /// A test scheduler whose clock starts at `startDate`.
    public init(startDate: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        now = startDate
    }

    public var currentDate: Date { mutex.withLock { _ in now } }

    /// Whether no action is waiting.
    public var isEmpty: Bool { mutex.withLock { _ in queue.allSatisfy { $0.disposable.isDisposed } } }

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        enqueue(at: nil, RunCause.carried(action))
    }

    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        enqueue(at: date, RunCause.carried(action))
    }

    /// Schedules `action` `delay` after the current virtual date.
    @discardableResult
    public func schedule(after delay: DispatchTimeInterval, action: @escaping () -> Void) -> Disposable? {
        enqueue(at: currentDate.addingTimeInterval(delay), RunCause.carried(action))
    }

    @discardableResult
    public func schedule(
        after date: Date,
        interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval,
        action: @escaping () -> Void
    ) -> Disposable? {
        let repeating = SerialDisposable()
        scheduleRepeating(at: date, every: interval.seconds, action, into: repeating)
        return repeating
    }

    private func scheduleRepeating(at date: Date, every interval: TimeInterval, _ action: @escaping () -> Void, into repeating: SerialDisposable) {
        repeating.inner = enqueue(at: date) { [weak self] in
            action()
            self?.scheduleRepeating(at: date.addingTimeInterval(interval), every: interval, action, into: repeating)
        }
    }

    private func enqueue(at date: Date?, _ action: @escaping () -> Void) -> Disposable {
        let disposable = AnyDisposable()
        mutex.withLock { _ in
            sequence += 1
            queue.append(Entry(date: date ?? now, sequence: sequence, action: action, disposable: disposable))
        }
        return disposable
    }

    /// Runs every action due now, without moving the clock.
    public func advance() {
        advance(to: currentDate)
    }

    /// The clock's date plus `interval`.
    private func date(after interval: TimeInterval) -> Date {
        mutex.withLock { _ in now.addingTimeInterval(interval) }
    }

    /// Moves the clock forward by `interval`, running what falls due.
    public func advance(by interval: DispatchTimeInterval) {
        advance(to: currentDate.addingTimeInterval(interval.seconds))
    }

    /// Moves the clock forward by `interval` seconds, running what falls due.
    public func advance(by interval: TimeInterval) {
        advance(to: currentDate.addingTimeInterval(interval))
    }

    /// Moves the clock to `date`, running what falls due on the way.
    public func advance(to date: Date) {
        while let entry = nextDue(by: date) {
            if !entry.disposable.isDisposed { entry.action() }
        }
        mutex.withLock { _ in if now < date { now = date } }
    }

    /// Moves the clock back by `interval`, running nothing: simulates the user changing the
    /// device's date. Actions keep their dates, so they fall due later.
    public func rewind(by interval: DispatchTimeInterval) {
        mutex.withLock { _ in now = now.addingTimeInterval(-interval.seconds) }
    }

    /// Runs every scheduled action, however far in the future, advancing the clock to each.
    public func run() {
        advance(to: Date.distantFuture)
    }

    private func nextDue(by date: Date) -> Entry? {
        mutex.withLock { _ -> Entry? in
            guard let index = queue.indices.min(by: { queue[$0].date < queue[$1].date || (queue[$0].date == queue[$1].date && queue[$0].sequence < queue[$1].sequence) }),
                  queue[index].date <= date else { return nil }
            let entry = queue.remove(at: index)
            if now < entry.date { now = entry.date }
            return entry
        }
    }
}

extension TestScheduler {
    // The asynchronous forms, for async tests: they run the due actions on the main actor, and
    // before each one let other tasks run (a task waiting on `sleep` or `timer` gets to see
    // each date as the clock passes it), as ReactiveSwift's do.

    /// Runs every action due now, on the main actor.
    @MainActor public func advance() async {
        await advanceYielding(to: currentDate)
    }

    /// Moves the clock forward by `interval`, running what falls due, on the main actor.
    @MainActor public func advance(by interval: DispatchTimeInterval) async {
        await advanceYielding(to: date(after: interval.seconds))
    }

    /// Moves the clock forward by `interval` seconds, running what falls due, on the main actor.
    @MainActor public func advance(by interval: TimeInterval) async {
        await advanceYielding(to: date(after: interval))
    }

    /// Moves the clock to `date`, running what falls due on the way, on the main actor.
    @MainActor public func advance(to date: Date) async {
        await advanceYielding(to: date)
    }

    /// Runs every scheduled action, on the main actor.
    @MainActor public func run() async {
        await advanceYielding(to: .distantFuture)
    }

    @MainActor private func advanceYielding(to date: Date) async {
        while true {
            await Self.letOtherTasksRun()
            guard let entry = nextDue(by: date) else { break }
            if !entry.disposable.isDisposed { entry.action() }
        }
        await Self.letOtherTasksRun()
        mutex.withLock { _ in if now < date { now = date } }
    }

    /// Gives tasks woken by the last action (a `sleep` returning, a `timer` yielding) the
    /// chance to run before the clock moves on.
    private static func letOtherTasksRun() async {
        for _ in 0..<10 {
            await Task.detached(priority: .background) { await Task.yield() }.value
        }
    }
}
