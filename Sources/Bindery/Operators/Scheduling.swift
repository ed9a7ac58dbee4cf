import Dispatch
import FoundationEssentials

/// The date of the last event `delay` scheduled.
final class LastScheduledDate: @unchecked Sendable {
    // `@unchecked`: only the operator's observer touches `date`, and its upstream delivers one
    // event at a time.
    var date: Date?
}

enum SchedulingOperators {
    /// Every event forwarded through `scheduler`, in order.
    static func observe<V, E>(on scheduler: Scheduler) -> Transform<V, E, V, E> {
        // Actions are not tracked for cancellation: once the stream has ended, its core drops
        // whatever they deliver.
        { downstream, _ in
            Signal<V, E>.Observer { event in
                let handed = ScheduledAction { downstream.send(event) }
                scheduler.schedule(handed.run)
            }
        }
    }

    /// Values and completion delayed by `interval`; a failure passes at once (on the
    /// scheduler); an interruption follows the values already scheduled, as in ReactiveSwift.
    static func delay<V, E>(_ interval: TimeInterval, on scheduler: DateScheduler) -> Transform<V, E, V, E> {
        { downstream, _ in
            // The date of the last value scheduled; only the upstream's one-at-a-time delivery
            // touches it.
            let last = LastScheduledDate()
            return Signal<V, E>.Observer { event in
                let handed = ScheduledAction { downstream.send(event) }
                switch event {
                case .failed:
                    scheduler.schedule(handed.run)
                case .interrupted:
                    if let date = last.date, date > scheduler.currentDate {
                        scheduler.schedule(after: date, action: handed.run)
                    } else {
                        scheduler.schedule(handed.run)
                    }
                case .value, .completed:
                    let date = scheduler.currentDate.addingTimeInterval(interval)
                    last.date = date
                    scheduler.schedule(after: date, action: handed.run)
                }
            }
        }
    }
}

extension Signal {
    /// Every event, delivered on `scheduler`.
    public func observe(on scheduler: Scheduler) -> Signal { lift(SchedulingOperators.observe(on: scheduler)) }
    /// Values and completion delayed by `interval` on `scheduler`.
    public func delay(_ interval: TimeInterval, on scheduler: DateScheduler) -> Signal { lift(SchedulingOperators.delay(interval, on: scheduler)) }
}

extension SignalProducer {
    /// Every event, delivered on `scheduler`.
    public func observe(on scheduler: Scheduler) -> SignalProducer { lift(SchedulingOperators.observe(on: scheduler)) }
    /// Values and completion delayed by `interval` on `scheduler`.
    public func delay(_ interval: TimeInterval, on scheduler: DateScheduler) -> SignalProducer { lift(SchedulingOperators.delay(interval, on: scheduler)) }

    /// Runs the start handler on `scheduler` instead of the starting thread.
    public func start(on scheduler: Scheduler) -> SignalProducer {
        SignalProducer(serial: { observer, lifetime in
            let handed = ScheduledAction { self.startHandler(observer, lifetime) }
            lifetime += scheduler.schedule(handed.run)
        })
    }

    /// Sends the scheduler's date every `interval`, forever (until disposed).
    public static func timer(interval: DispatchTimeInterval, on scheduler: DateScheduler, leeway: DispatchTimeInterval = .nanoseconds(0)) -> SignalProducer<Date, Never> {
        SignalProducer<Date, Never>(serial: { observer, lifetime in
            let first = scheduler.currentDate.addingTimeInterval(interval.seconds)
            lifetime += scheduler.schedule(after: first, interval: interval, leeway: leeway) {
                observer.send(value: scheduler.currentDate)
            }
        })
    }
}

extension SignalProducer where Error == Never {
    /// Sends each element of `values`, one every `interval` on `scheduler` (the first after one
    /// interval), then completes.
    public static func interval<S: Sequence>(_ values: S, interval: DispatchTimeInterval, on scheduler: DateScheduler) -> SignalProducer
    where S.Element == Value {
        SignalProducer(serial: { observer, lifetime in
            var iterator = values.makeIterator()
            let first = scheduler.currentDate.addingTimeInterval(interval.seconds)
            let timer = SerialDisposable()
            lifetime += timer
            timer.inner = scheduler.schedule(after: first, interval: interval) {
                if let value = iterator.next() {
                    observer.send(value: value)
                } else {
                    timer.dispose()
                    observer.sendCompleted()
                }
            }
        })
    }
}

extension SignalProducer where Value == Int, Error == Never {
    /// Sends 0, 1, 2, … one every `interval` on `scheduler` (the first after one interval),
    /// until disposed.
    public static func interval(_ interval: DispatchTimeInterval, on scheduler: DateScheduler) -> SignalProducer<Int, Never> {
        SignalProducer.interval(0..., interval: interval, on: scheduler)
    }
}
