import Synchronization

/// The downstream end shared by every operator that delivers on a scheduler (`observe(on:)`,
/// `delay`, `throttle`, `debounce`, `collect(every:)`, `lazyMap`): ReactiveSwift's
/// `UnaryAsyncOperator`, so their terminal events follow one rule, written once:
///
/// - A terminal event from upstream is delivered on the scheduler (`terminate`); the first
///   terminal event to reach the scheduler ends the output, and whatever was scheduled after
///   it is dropped.
/// - When the run is disposed, the output ends at once and `interrupted` is delivered on the
///   scheduler, never on the disposing thread: the run's lifetime is marked so that its
///   disposal defers to this operator (`Lifetime.deferInterruptionToScheduler`). An
///   interruption and a terminal event racing each other end the output once: whichever
///   clears `active` first is delivered, the other is never sent.
/// - Deliveries reach `downstream` one at a time, and nothing after the terminal event, even
///   when the scheduler runs its actions concurrently. A `Scheduler` is meant to run them one
///   at a time, but a `QueueScheduler` made on a concurrent queue (`init(internalQueue:)`,
///   which code written against ReactiveSwift's internals calls with a global queue) does
///   not, nor need a user's own scheduler; so the output does not trust it (issue 42): each
///   delivery passes `gate`, and a value checks `active` inside it, so a value that lost the
///   race to the terminal event is dropped rather than sent after it. Everything that sends
///   into an operator's observer from a scheduled action goes through here, which is how
///   those operators keep `SignalProducer.init(serial:)`'s premise (`SerialSendCheck`).
final class ScheduledOutput<Value, Error: Swift.Error>: @unchecked Sendable {
    // `@unchecked`: `downstream` and `scheduler` are immutable, `downstream` is only called
    // inside `gate`, one thread at a time, and `active` is atomic.
    typealias Event = Signal<Value, Error>.Event

    let scheduler: Scheduler
    private let downstream: Signal<Value, Error>.Observer
    /// Lets one thread at a time into `downstream`, whatever threads the scheduler runs its
    /// actions on.
    private let gate = DeliveryGate()
    /// Cleared exactly once, by whoever ends the output: a terminal event reaching the
    /// scheduler, or the run's disposal.
    private let active = Synchronization.Atomic<Bool>(true)

    init(_ downstream: Signal<Value, Error>.Observer, on scheduler: Scheduler, during lifetime: Lifetime) {
        self.downstream = downstream
        self.scheduler = scheduler
        lifetime.deferInterruptionToScheduler()
        lifetime.observeEnded { [self] in
            guard deactivate() else { return }
            scheduler.schedule { self.gate.deliver { downstream.sendInterrupted() } }
        }
    }

    /// Whether the output can still deliver.
    var isActive: Bool { active.load(ordering: .acquiring) }

    private func deactivate() -> Bool {
        active.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// Sends `value` downstream; call only from an action the scheduler runs.
    func sendUnscheduled(_ value: Value) {
        gate.deliver { if isActive { downstream.send(value: value) } }
    }

    /// Ends the output with `event`; call only from an action the scheduler runs.
    func terminateUnscheduled(_ event: Event) {
        if deactivate() { gate.deliver { downstream.send(event) } }
    }

    /// Schedules `value` to be sent.
    func send(_ value: Value) {
        scheduler.schedule { self.sendUnscheduled(value) }
    }

    /// Schedules the end of the output with `event`.
    func terminate(_ event: Event) {
        scheduler.schedule { self.terminateUnscheduled(event) }
    }

    /// Schedules the end of the output with the terminal `event` of an upstream whose values
    /// are of another type (a value is ignored).
    func terminate<Upstream>(with event: Signal<Upstream, Error>.Event) {
        switch event {
        case .value: break
        case let .failed(error): terminate(.failed(error))
        case .completed: terminate(.completed)
        case .interrupted: terminate(.interrupted)
        }
    }
}
