import Dispatch
// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Swift concurrency over a `DateScheduler`, as ReactiveSwift offers it: sleeping and a timer
// in the scheduler's time, so the same code runs in wall-clock time on a `QueueScheduler` and
// in virtual time on a `TestScheduler`.

extension DateScheduler {
    /// Suspends the current task until `interval` has passed on this scheduler; throws
    /// `CancellationError` if the task is cancelled. Does not block the scheduler.
    public func sleep(for interval: DispatchTimeInterval, leeway: DispatchTimeInterval = .seconds(0)) async throws {
        precondition(interval.seconds >= 0, "sleep(for:) needs a non-negative interval")
        try Task.checkCancellation()
        _ = await timer(interval: interval, leeway: leeway).first { _ in true }
        try Task.checkCancellation()
    }

    /// Suspends the current task until `deadline` on this scheduler, which must be in its
    /// future; throws `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Date, leeway: DispatchTimeInterval = .seconds(0)) async throws {
        let interval = deadline.timeIntervalSince(currentDate)
        precondition(interval > 0, "sleep(until:) needs a date in the scheduler's future")
        try await sleep(for: .nanoseconds(Int(interval * 1_000_000_000)), leeway: leeway)
    }

    /// The scheduler's date, every `interval` (the first after one interval), until the task
    /// iterating it is cancelled.
    public func timer(interval: DispatchTimeInterval, leeway: DispatchTimeInterval = .seconds(0)) -> AsyncStream<Date> {
        precondition(interval.seconds >= 0, "timer(interval:) needs a non-negative interval")
        return AsyncStream { continuation in
            let ticks = schedule(after: interval, interval: interval, leeway: leeway) {
                continuation.yield(self.currentDate)
            }.map(CrossThreadDisposable.init)
            continuation.onTermination = { _ in ticks?.dispose() }
        }
    }
}
