enum ScanOperators {
    static func scan<V, E, U>(_ initial: U, _ next: @escaping (U, V) -> U) -> Transform<V, E, U, E> {
        { downstream, _ in
            var accumulated = initial
            return .forwarding(to: downstream) { value in
                accumulated = next(accumulated, value)
                downstream.send(value: accumulated)
            }
        }
    }

    static func reduce<V, E, U>(into initial: U, recordingIn slot: RestorationSlot? = nil, _ next: @escaping (inout U, V) -> Void) -> Transform<V, E, U, E> {
        { downstream, _ in
            var accumulated = initial
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    next(&accumulated, value)
                    slot?.record(accumulated)
                case .completed:
                    downstream.send(value: accumulated)
                    downstream.sendCompleted()
                case let .failed(error): downstream.send(error: error)
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }
}

// On a signal, the accumulator of `scan` and `reduce` takes a restoration slot (see
// `RestorationScope`): made while one is open, it starts from its seed, if one fits.
extension Signal {
    /// Each intermediate result of folding the values with `next`, starting from `initial`.
    public func scan<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> Signal<U, Error> {
        let (state, slot) = RestorationScope.seeded("scan", initial)
        // The accumulator is what it sends.
        return lift(RestorationRecording.output(of: ScanOperators.scan(state, next), in: slot) { $0 })
    }
    /// Each intermediate result of folding the values into `initial` with `next`.
    public func scan<U>(into initial: U, _ next: @escaping (inout U, Value) -> Void) -> Signal<U, Error> {
        let (state, slot) = RestorationScope.seeded("scan", initial)
        return lift(RestorationRecording.output(of: ScanMapOperator.make(into: state) { state, value in next(&state, value); return state }, in: slot) { $0 })
    }
    /// The result of folding every value with `next`, sent when the signal completes.
    public func reduce<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> Signal<U, Error> { reduce(into: initial) { $0 = next($0, $1) } }
    /// The result of folding every value into `initial` with `next`, sent when the signal completes.
    public func reduce<U>(into initial: U, _ next: @escaping (inout U, Value) -> Void) -> Signal<U, Error> {
        let (state, slot) = RestorationScope.seeded("reduce", initial)
        return lift(ScanOperators.reduce(into: state, recordingIn: slot, next))
    }
    /// Every value, as one array, sent when the signal completes.
    public func collect() -> Signal<[Value], Error> { reduce(into: []) { $0.append($1) } }
}

extension SignalProducer {
    /// Each intermediate result of folding the values with `next`, starting from `initial`.
    public func scan<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> SignalProducer<U, Error> { lift(ScanOperators.scan(initial, next)) }
    /// Each intermediate result of folding the values into `initial` with `next`.
    public func scan<U>(into initial: U, _ next: @escaping (inout U, Value) -> Void) -> SignalProducer<U, Error> {
        lift(ScanMapOperator.make(into: initial) { state, value in next(&state, value); return state })
    }
    /// The result of folding every value with `next`, sent when the run completes.
    public func reduce<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> SignalProducer<U, Error> { reduce(into: initial) { $0 = next($0, $1) } }
    /// The result of folding every value into `initial` with `next`, sent when the run completes.
    public func reduce<U>(into initial: U, _ next: @escaping (inout U, Value) -> Void) -> SignalProducer<U, Error> { lift(ScanOperators.reduce(into: initial, next)) }
    /// Every value, as one array, sent when the run completes.
    public func collect() -> SignalProducer<[Value], Error> { reduce(into: []) { $0.append($1) } }
}

enum ScanMapOperator {
    static func make<V, E, State, U>(into initial: State, _ next: @escaping (inout State, V) -> U) -> Transform<V, E, U, E> {
        { downstream, _ in
            var state = initial
            return .forwarding(to: downstream) { value in downstream.send(value: next(&state, value)) }
        }
    }
}

extension Signal {
    /// Each value mapped through a state carried from one value to the next: `next` returns
    /// the new state and the value to send.
    public func scanMap<State, U>(_ initialState: State, _ next: @escaping (State, Value) -> (State, U)) -> Signal<U, Error> {
        scanMap(into: initialState) { state, value in
            let (newState, output) = next(state, value)
            state = newState
            return output
        }
    }

    /// Each value mapped through a state that `next` updates in place.
    public func scanMap<State, U>(into initialState: State, _ next: @escaping (inout State, Value) -> U) -> Signal<U, Error> {
        lift(ScanMapOperator.make(into: initialState, next))
    }
}

extension SignalProducer {
    /// Each value mapped through a state carried from one value to the next, fresh per run.
    public func scanMap<State, U>(_ initialState: State, _ next: @escaping (State, Value) -> (State, U)) -> SignalProducer<U, Error> {
        scanMap(into: initialState) { state, value in
            let (newState, output) = next(state, value)
            state = newState
            return output
        }
    }

    /// Each value mapped through a state that `next` updates in place, fresh per run.
    public func scanMap<State, U>(into initialState: State, _ next: @escaping (inout State, Value) -> U) -> SignalProducer<U, Error> {
        lift(ScanMapOperator.make(into: initialState, next))
    }
}
