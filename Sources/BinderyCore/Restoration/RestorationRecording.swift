/// How an operator of a signal records its state in its ``RestorationSlot`` without costing
/// anything when it has none: the recording is an observer wrapped around the operator's own,
/// chosen once when the operator is made, so the operator's code (shared with producers,
/// whose runs never have a slot) is the same with or without one.
@usableFromInline enum RestorationRecording {
    /// `transform`, recording in `slot` the state `state` makes of each value it sends
    /// downstream (a `scan`'s accumulator, the value `skipRepeats` let through); `transform`
    /// itself when there is no slot.
    @inlinable static func output<V, E, U, F>(
        of transform: @escaping Transform<V, E, U, F>,
        in slot: RestorationSlot?,
        state: @escaping (U) -> Any
    ) -> Transform<V, E, U, F> {
        guard let slot else { return transform }
        return { downstream, lifetime in transform(recording(downstream, in: slot, state: state), lifetime) }
    }

    /// `transform`, recording in `slot` the state `state` makes of each value it receives (the
    /// value `combinePrevious` keeps as the previous one); `transform` itself when there is
    /// no slot.
    @inlinable static func input<V, E, U, F>(
        of transform: @escaping Transform<V, E, U, F>,
        in slot: RestorationSlot?,
        state: @escaping (V) -> Any
    ) -> Transform<V, E, U, F> {
        guard let slot else { return transform }
        return { downstream, lifetime in recording(transform(downstream, lifetime), in: slot, state: state) }
    }

    /// An observer recording the state `state` makes of each value in `slot`, then passing
    /// the event on to `observer`.
    @inlinable static func recording<V, E>(
        _ observer: Signal<V, E>.Observer,
        in slot: RestorationSlot,
        state: @escaping (V) -> Any
    ) -> Signal<V, E>.Observer {
        let send = observer.action
        return Signal<V, E>.Observer { event in
            if case let .value(value) = event { slot.record(state(value)) }
            send(event)
        }
    }
}
