enum TakeOperators {
    static func first<V, E>(_ count: Int) -> Transform<V, E, V, E> {
        { downstream, _ in
            guard count > 0 else {
                // As ReactiveSwift: taking nothing interrupts at once.
                downstream.sendInterrupted()
                return Signal<V, E>.Observer { _ in }
            }
            var taken = 0
            return Signal<V, E>.Observer { event in
                guard taken < count else { return }
                guard case let .value(value) = event else { return downstream.send(event) }
                taken += 1
                downstream.send(value: value)
                if taken == count { downstream.sendCompleted() }
            }
        }
    }

    static func `while`<V, E>(_ shouldContinue: @escaping (V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in
            var done = false
            return Signal<V, E>.Observer { event in
                guard !done else { return }
                guard case let .value(value) = event else { return downstream.send(event) }
                if shouldContinue(value) {
                    downstream.send(value: value)
                } else {
                    done = true
                    downstream.sendCompleted()
                }
            }
        }
    }

    static func until<V, E>(_ trigger: SignalProducer<(), Never>) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer.serializing(downstream, during: lifetime)
            lifetime += trigger.start { event in
                switch event {
                case .value, .completed: output.sendCompleted()
                case .interrupted: break
                }
            }
            return output
        }
    }

    static func during<V, E>(_ other: Lifetime) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer.serializing(downstream, during: lifetime)
            lifetime += other.observeEnded(output.sendCompleted)
            return output
        }
    }
}

extension Signal {
    /// The first `count` values, then completion.
    public func take(first count: Int) -> Signal { lift(TakeOperators.first(count)) }
    /// Values while `shouldContinue` holds; completes at the first that fails it.
    public func take(while shouldContinue: @escaping (Value) -> Bool) -> Signal { lift(TakeOperators.while(shouldContinue)) }
    /// Values until `trigger` sends a value or completes, then completion.
    public func take(until trigger: Signal<(), Never>) -> Signal { lift(TakeOperators.until(SignalProducer(trigger))) }
    /// Values until `trigger` sends a value or completes, then completion.
    public func take(until trigger: SignalProducer<(), Never>) -> Signal { lift(TakeOperators.until(trigger)) }
    /// Values until `lifetime` ends, then completion.
    public func take(during lifetime: Lifetime) -> Signal { lift(TakeOperators.during(lifetime)) }
}

extension SignalProducer {
    /// The first `count` values, then completion.
    public func take(first count: Int) -> SignalProducer { lift(TakeOperators.first(count)) }
    /// Values while `shouldContinue` holds; completes at the first that fails it.
    public func take(while shouldContinue: @escaping (Value) -> Bool) -> SignalProducer { lift(TakeOperators.while(shouldContinue)) }
    /// Values until `trigger` sends a value or completes, then completion.
    public func take(until trigger: Signal<(), Never>) -> SignalProducer { lift(TakeOperators.until(SignalProducer<(), Never>(trigger))) }
    /// Values until `trigger` sends a value or completes, then completion.
    public func take(until trigger: SignalProducer<(), Never>) -> SignalProducer { lift(TakeOperators.until(trigger)) }
    /// Values until `lifetime` ends, then completion.
    public func take(during lifetime: Lifetime) -> SignalProducer { lift(TakeOperators.during(lifetime)) }
}
