#if DEBUG
import Glibc
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
