import Synchronization

enum TakeOperators {
    /// `taken`, `slot`: the count a signal's operator starts from, and where it records the
    /// next ones (``RestorationScope``). One seeded with every value already taken lets
    /// nothing more through; it does not complete again (it sends nothing at creation).
    static func first<V, E>(_ count: Int, taken initiallyTaken: Int = 0, recordingIn slot: RestorationSlot? = nil) -> Transform<V, E, V, E> {
        { downstream, _ in
            guard count > 0 else {
                // As ReactiveSwift: taking nothing interrupts at once.
                downstream.sendInterrupted()
                return Signal<V, E>.Observer { _ in }
            }
            var taken = initiallyTaken
            return Signal<V, E>.Observer { event in
                guard taken < count else { return }
                guard case let .value(value) = event else { return downstream.send(event) }
                taken += 1
                slot?.record(taken)
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

    static func last<V, E>(_ count: Int) -> Transform<V, E, V, E> {
        precondition(count >= 0, "take(last:) needs a count of at least 0")
        return { downstream, _ in
            var buffer: [V] = []
            buffer.reserveCapacity(count)
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    guard count > 0 else { return }
                    if buffer.count == count { buffer.removeFirst() }
                    buffer.append(value)
                case .completed:
                    for value in buffer { downstream.send(value: value) }
                    downstream.sendCompleted()
                default:
                    downstream.send(event)
                }
            }
        }
    }

    /// Forwards each value; completes after the first for which `shouldContinue` is false.
    static func until<V, E>(_ shouldContinue: @escaping (V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in
            var done = false
            return Signal<V, E>.Observer { event in
                guard !done else { return }
                guard case let .value(value) = event else { return downstream.send(event) }
                downstream.send(value: value)
                if !shouldContinue(value) {
                    done = true
                    downstream.sendCompleted()
                }
            }
        }
    }

    /// The source's events until `replacement` sends its first event; from then on the
    /// replacement's (the source's completion is not passed on).
    static func untilReplacement<V, E>(_ replacement: SignalProducer<V, E>) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer.serializing(downstream, during: lifetime)
            let replaced = Synchronization.Atomic<Bool>(false)
            lifetime += replacement.start { event in
                replaced.store(true, ordering: .releasing)
                output.send(event)
            }
            return Signal<V, E>.Observer { event in
                guard !replaced.load(ordering: .acquiring) else { return }
                if case .completed = event { return }
                output.send(event)
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
    /// The count taken so far takes a restoration slot (see `RestorationScope`).
    public func take(first count: Int) -> Signal {
        let (taken, slot) = RestorationScope.seeded("take", 0)
        return lift(TakeOperators.first(count, taken: taken, recordingIn: slot))
    }
    /// Values while `shouldContinue` holds; completes at the first that fails it.
    public func take(while shouldContinue: @escaping (Value) -> Bool) -> Signal { lift(TakeOperators.while(shouldContinue)) }
    /// Values until `trigger` sends a value or completes, then completion.
    public func take(until trigger: Signal<(), Never>) -> Signal { lift(TakeOperators.until(SignalProducer(trigger))) }
    /// Values until `trigger` sends a value or completes, then completion.
    public func take(until trigger: SignalProducer<(), Never>) -> Signal { lift(TakeOperators.until(trigger)) }
    /// Values until `lifetime` ends, then completion.
    public func take(during lifetime: Lifetime) -> Signal { lift(TakeOperators.during(lifetime)) }
}

extension Signal {
    /// The last `count` values, sent when the signal completes.
    public func take(last count: Int) -> Signal { lift(TakeOperators.last(count)) }
    /// Each value, completing after the first for which `shouldContinue` is false (that value
    /// is sent).
    public func take(until shouldContinue: @escaping (Value) -> Bool) -> Signal { lift(TakeOperators.until(shouldContinue)) }
    /// This signal's events until `replacement` sends one; then `replacement`'s.
    public func take(untilReplacement replacement: Signal) -> Signal { lift(lineage: .merging(lineage, replacement.lineage), TakeOperators.untilReplacement(SignalProducer(replacement))) }
    /// Values until `trigger` sends a value or completes, then completion.
    public func take<Trigger: SignalProducerConvertible>(until trigger: Trigger) -> Signal where Trigger.Value == (), Trigger.Error == Never {
        lift(TakeOperators.until(trigger.producer))
    }
}

extension SignalProducer {
    /// The last `count` values, sent when the run completes.
    public func take(last count: Int) -> SignalProducer { lift(TakeOperators.last(count)) }
    /// Each value, completing after the first for which `shouldContinue` is false (that value
    /// is sent).
    public func take(until shouldContinue: @escaping (Value) -> Bool) -> SignalProducer { lift(TakeOperators.until(shouldContinue)) }
    /// This run's events until `replacement` sends one; then `replacement`'s.
    public func take(untilReplacement replacement: SignalProducer) -> SignalProducer { lift(lineage: .merging(lineage, replacement.lineage), TakeOperators.untilReplacement(replacement)) }
    /// This run's events until `replacement` sends one; then `replacement`'s.
    public func take<Replacement: SignalProducerConvertible>(untilReplacement replacement: Replacement) -> SignalProducer
    where Replacement.Value == Value, Replacement.Error == Error {
        take(untilReplacement: replacement.producer)
    }
    /// Values until `trigger` sends a value or completes, then completion.
    public func take<Trigger: SignalProducerConvertible>(until trigger: Trigger) -> SignalProducer where Trigger.Value == (), Trigger.Error == Never {
        take(until: trigger.producer)
    }
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
