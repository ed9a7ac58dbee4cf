import Dispatch
import FoundationEssentials
import Synchronization

/// The values a `collect(every:)` run has gathered since its last batch.
private final class Batch<Value>: @unchecked Sendable {
    // `@unchecked`: `values` is only touched under `mutex`.
    private let mutex = Mutex(())
    private var values: [Value] = []

    func append(_ value: Value) { mutex.withLock { _ in values.append(value) } }

    func take() -> [Value] {
        mutex.withLock { _ in
            defer { values = [] }
            return values
        }
    }
}

enum CollectEveryOperator {
    static func make<V, E>(_ interval: DispatchTimeInterval, on scheduler: DateScheduler, skipEmpty: Bool, discardWhenCompleted: Bool) -> Transform<V, E, [V], E> {
        { downstream, lifetime in
            let output = Signal<[V], E>.Observer.serializing(downstream, during: lifetime)
            let batch = Batch<V>()
            func flush() {
                let values = batch.take()
                if !(skipEmpty && values.isEmpty) { output.send(value: values) }
            }
            let start = scheduler.currentDate
            let timer = scheduler.schedule(after: start.addingTimeInterval(interval.seconds), interval: interval, action: flush)
            /// The timer's next tick: computed, so no state is shared with the timer's thread.
            func nextTick() -> Date {
                let elapsed = scheduler.currentDate.timeIntervalSince(start)
                let ticks = max(1, (elapsed / interval.seconds).rounded(.down) + 1)
                return start.addingTimeInterval(ticks * interval.seconds)
            }
            lifetime += timer
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value): batch.append(value)
                case .completed where discardWhenCompleted:
                    // As in ReactiveSwift: gathered values are discarded, completion is at once.
                    timer?.dispose()
                    output.sendCompleted()
                case .completed:
                    // As in ReactiveSwift: what was gathered is sent at the next interval, then
                    // the completion.
                    timer?.dispose()
                    lifetime += scheduler.schedule(after: nextTick()) {
                        flush()
                        output.sendCompleted()
                    }
                case let .failed(error):
                    timer?.dispose()
                    scheduler.schedule { output.send(error: error) }
                case .interrupted:
                    timer?.dispose()
                    scheduler.schedule { output.sendInterrupted() }
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
