import Dispatch
// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum SchedulingOperators {
    /// Every event forwarded through `scheduler`, in order.
    static func observe<V, E>(on scheduler: Scheduler) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let output = ScheduledOutput(downstream, on: scheduler, during: lifetime)
            return Signal<V, E>.Observer { event in
                if case let .value(value) = event { output.send(value) } else { output.terminate(event) }
            }
        }
    }

    /// Values and completion delayed by `interval`; a failure or an interruption passes on the
    /// scheduler at once (ReactiveSwift's `delay`).
    static func delay<V, E>(_ interval: TimeInterval, on scheduler: DateScheduler) -> Transform<V, E, V, E> {
        precondition(interval >= 0, "delay needs a non-negative interval")
        return { downstream, lifetime in
            let output = ScheduledOutput(downstream, on: scheduler, during: lifetime)
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    guard output.isActive else { return }
                    scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(interval)) {
                        output.sendUnscheduled(value)
                    }
                case .completed:
                    scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(interval)) {
                        output.terminate(event)
                    }
                case .failed, .interrupted:
                    output.terminate(event)
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
        SignalProducer(lineage: lineage, serial: { observer, lifetime in
            let handed = ScheduledAction { self.start(observer, in: lifetime) }
            lifetime += scheduler.schedule(handed.run)
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
            let tick = NonOverlappingAction {
                if let value = iterator.next() {
                    observer.send(value: value)
                } else {
                    timer.dispose()
                    observer.sendCompleted()
                }
            }
            timer.inner = scheduler.schedule(after: first, interval: interval, action: tick.run)
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

extension SignalProducer where Value == Date, Error == Never {
    /// Sends the scheduler's date every `interval`, forever (until disposed), with a leeway of
    /// 10 % of the interval, as ReactiveSwift's (the leeway recommended for power efficiency).
    public static func timer(interval: DispatchTimeInterval, on scheduler: DateScheduler) -> SignalProducer<Date, Never> {
        timer(interval: interval, on: scheduler, leeway: interval * 0.1)
    }

    /// Sends the scheduler's date every `interval`, forever (until disposed), each within
    /// `leeway` of its time. While causes are tracked (``RunCause``), each tick is sent under
    /// the cause `.named("timer")`, so a command it starts says a timer started it.
    public static func timer(interval: DispatchTimeInterval, on scheduler: DateScheduler, leeway: DispatchTimeInterval) -> SignalProducer<Date, Never> {
        SignalProducer(serial: { observer, lifetime in
            let first = scheduler.currentDate.addingTimeInterval(interval.seconds)
            let tick = NonOverlappingAction {
                if RunCause.isTracking {
                    RunCause.with(.timer) { observer.send(value: scheduler.currentDate) }
                } else {
                    observer.send(value: scheduler.currentDate)
                }
            }
            lifetime += scheduler.schedule(after: first, interval: interval, leeway: leeway, action: tick.run)
        })
    }
}
