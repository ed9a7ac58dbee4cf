import BinderyPrimitives
import Dispatch
// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The values a `collect(every:)` run has gathered since its last batch, and whether the
/// upstream completed (with `discardWhenCompleted: false`, the next tick sends the last batch
/// and completes).
private final class Batch<Value>: @unchecked Sendable {
    // `@unchecked`: the vars are only touched under `mutex`.
    private let mutex = Lock(())
    private let skipEmpty: Bool
    private var values: [Value] = []
    private var completed = false

    init(skipEmpty: Bool) { self.skipEmpty = skipEmpty }

    func append(_ value: Value) { mutex.withLock { _ in values.append(value) } }

    func markCompleted() { mutex.withLock { _ in completed = true } }

    /// The batch to send at a tick (`nil` if it is empty and empty ones are skipped), and
    /// whether the upstream has completed.
    func take() -> (batch: [Value]?, completed: Bool) {
        mutex.withLock { _ in
            guard !values.isEmpty || !skipEmpty else { return (nil, completed) }
            defer { values.removeAll() }
            return (values, completed)
        }
    }
}

enum CollectEveryOperator {
    static func make<V, E>(_ interval: DispatchTimeInterval, on scheduler: DateScheduler, skipEmpty: Bool, discardWhenCompleted: Bool) -> Transform<V, E, [V], E> {
        { downstream, lifetime in
            let output = ScheduledOutput(downstream, on: scheduler, during: lifetime)
            let batch = Batch<V>(skipEmpty: skipEmpty)
            let timer = SerialDisposable()
            lifetime += timer
            timer.inner = scheduler.schedule(
                after: scheduler.currentDate.addingTimeInterval(interval),
                interval: interval,
                leeway: interval * 0.1
            ) {
                let (values, completed) = batch.take()
                if let values { output.sendUnscheduled(values) }
                if completed { output.terminateUnscheduled(.completed) }
            }
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    batch.append(value)
                case .completed where !discardWhenCompleted:
                    // As in ReactiveSwift: what was gathered is sent at the next tick, then
                    // the completion.
                    guard output.isActive else { return }
                    batch.markCompleted()
                case .completed, .failed, .interrupted:
                    guard output.isActive else { return }
                    timer.dispose()
                    output.terminate(with: event)
                }
            }
        }
    }
}

extension Signal {
    /// The values gathered during each `interval`, as one array per interval
    /// (`bufferWithTime`); empty intervals send `[]` unless `skipEmpty`.
    public func collect(every interval: DispatchTimeInterval, on scheduler: DateScheduler, skipEmpty: Bool = false, discardWhenCompleted: Bool = true) -> Signal<[Value], Error> {
        lift(CollectEveryOperator.make(interval, on: scheduler, skipEmpty: skipEmpty, discardWhenCompleted: discardWhenCompleted))
    }
}

extension SignalProducer {
    /// The values gathered during each `interval`, as one array per interval
    /// (`bufferWithTime`); empty intervals send `[]` unless `skipEmpty`.
    public func collect(every interval: DispatchTimeInterval, on scheduler: DateScheduler, skipEmpty: Bool = false, discardWhenCompleted: Bool = true) -> SignalProducer<[Value], Error> {
        lift(CollectEveryOperator.make(interval, on: scheduler, skipEmpty: skipEmpty, discardWhenCompleted: discardWhenCompleted))
    }
}
