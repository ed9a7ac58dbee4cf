extension Signal {
    /// How the core's parts hand events to one another (an observer's action, a
    /// subscription's, a run's sink, the operators' closures): the event is passed owned.
    ///
    /// A function of events in generic code takes its event indirectly; passed borrowed
    /// (`(Event) -> Void`), a closure that binds the value (`case let .value(value)`) copies
    /// it out of the caller's event, a retain per reference in the value, and the caller
    /// then destroys its own. Passed owned, the closure takes the value out of the event
    /// instead, and a sender that is done with its event (the delivery loop for a single
    /// observer, an operator sending what it just made) moves it in: W2's string is no longer
    /// copied at each hop (BENCHMARKS.md, "Issue 42 item 5: W2 with events passed owned").
    ///
    /// The public API keeps ReactiveSwift's `(Event) -> Void`; a closure given through it is
    /// wrapped once, where it is attached.
    @usableFromInline typealias Delivery = (__owned Event) -> Void
}
