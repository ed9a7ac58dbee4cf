#if DEBUG
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// Debug builds only: checks the premise `SignalProducer.init(serial:)` and `ActionExecution`
/// rest on, that a start handler trusted to send serially never sends two events at once from
/// two threads. Nothing serialises those sends (that is what spares the core), so a break of
/// the premise would interleave events inside operators' state unseen; here it stops the
/// process at the second sender, naming the broken premise.
///
/// A send from inside the delivery of the same observer's previous event (on the same thread)
/// is let through: it is delivered nested, which the core allows (a run's end interrupting
/// the source whose value ended it).
///
/// The premise holds for every internal user because the users serialise; they do not trust
/// their callers' threads (issue 42). The rule each start handler given to `init(serial:)`
/// keeps: every event it sends into its observer is sent
/// - from inside the delivery of an event of its upstream, which is itself such a producer
///   or behind a run's core, so one at a time by induction (`map`, `on`, `lift`; `then`
///   starts its replacement only once its upstream has completed); or
/// - by the start handler itself, on the starting thread, before it returns; or
/// - through something that serialises when it can come from another thread: the run's core
///   of `Signal.Observer.serializing` for an operator fed by several runs or by a lifetime's
///   end (`flatten`, `merge`, `combineLatest`, `zip`, `sample`, `take(until:)`,
///   `take(during:)`, `timeout`), `ScheduledOutput`'s gate (`DeliveryGate`) for an action a
///   scheduler runs (`observe(on:)`, `delay`,
///   `debounce`, `throttle`, `collect(every:)`, `lazyMap`) — it does not trust the scheduler
///   to run its actions one at a time, as a `QueueScheduler` on a concurrent queue does not —,
///   a signal's delivery loop for its producer, an execution's claim for an action's work.
///   A repeating action (`timer`, `interval`) is run through `NonOverlappingAction`, which
///   drops a tick that finds the previous one still running, for the same reason.
/// `ConcurrentCancellationStressTests`, `SchedulingOperatorStressTests`,
/// `CombiningOperatorStressTests` and `ActionLifetimeStressTests` run every family of
/// these users across many queues in debug builds, where this check is on.
@usableFromInline final class SerialSendCheck: Sendable {
    /// The thread sending now (its `pthread_self`), or 0.
    @usableFromInline let sender = Synchronization.Atomic<UInt>(0)
    /// What trusted its sender, for the message.
    @usableFromInline let premise: StaticString

    @inlinable init(_ premise: StaticString) {
        self.premise = premise
    }

    /// `observer`, checked: every event it is sent must come while no other thread is sending
    /// one to it.
    @inlinable static func checking<Value, Error>(
        _ observer: Signal<Value, Error>.Observer, _ premise: StaticString
    ) -> Signal<Value, Error>.Observer {
        let check = SerialSendCheck(premise)
        return Signal<Value, Error>.Observer { event in
            let thread = UInt(pthread_self())
            let (entered, current) = check.sender.compareExchange(
                expected: 0, desired: thread, ordering: .acquiringAndReleasing)
            precondition(
                entered || current == thread,
                "Bindery: two threads sent events at once into \(check.premise), which trusts its sender to send one event at a time")
            observer.send(event)
            if entered { check.sender.store(0, ordering: .releasing) }
        }
    }
}
#endif
