import Synchronization

enum SkipOperators {
    /// `skipped`, `slot`: the count a signal's operator starts from, and where it records the
    /// next ones (``RestorationScope``).
    static func first<V, E>(_ count: Int, skipped initiallySkipped: Int = 0, recordingIn slot: RestorationSlot? = nil) -> Transform<V, E, V, E> {
        { downstream, _ in
            var skipped = initiallySkipped
            return .forwarding(to: downstream) { value in
                if skipped < count {
                    skipped += 1
                    slot?.record(skipped)
                } else {
                    downstream.send(value: value)
                }
            }
        }
    }

    static func `while`<V, E>(_ shouldSkip: @escaping (V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in
            var skipping = true
            return .forwarding(to: downstream) { value in
                if skipping { skipping = shouldSkip(value) }
                if !skipping { downstream.send(value: value) }
            }
        }
    }

    /// No values until `trigger` sends a value or completes; every value from then on.
    static func until<V, E>(_ trigger: SignalProducer<(), Never>) -> Transform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer.serializing(downstream, during: lifetime)
            let open = Synchronization.Atomic<Bool>(false)
            lifetime += trigger.start { event in
                switch event {
                case .value, .completed: open.store(true, ordering: .releasing)
                case .interrupted: break
                }
            }
            return .forwarding(to: output) { value in
                if open.load(ordering: .acquiring) { output.send(value: value) }
            }
        }
    }
}

extension Signal {
    /// Every value after the first `count`.
    /// The count skipped so far takes a restoration slot (see `RestorationScope`).
    public func skip(first count: Int) -> Signal {
        let (skipped, slot) = RestorationScope.seeded("skip", 0)
        return lift(SkipOperators.first(count, skipped: skipped, recordingIn: slot))
    }
    /// Every value from the first for which `shouldSkip` is false.
    public func skip(while shouldSkip: @escaping (Value) -> Bool) -> Signal { lift(SkipOperators.while(shouldSkip)) }
    /// No values until `trigger` sends a value or completes; every value from then on.
    public func skip(until trigger: Signal<(), Never>) -> Signal { lift(SkipOperators.until(SignalProducer(trigger))) }
    /// No values until `trigger` sends a value or completes; every value from then on.
    public func skip<Trigger: SignalProducerConvertible>(until trigger: Trigger) -> Signal where Trigger.Value == (), Trigger.Error == Never {
        lift(SkipOperators.until(trigger.producer))
    }
}

extension SignalProducer {
    /// Every value after the first `count`.
    public func skip(first count: Int) -> SignalProducer { lift(SkipOperators.first(count)) }
    /// Every value from the first for which `shouldSkip` is false.
    public func skip(while shouldSkip: @escaping (Value) -> Bool) -> SignalProducer { lift(SkipOperators.while(shouldSkip)) }
    /// No values until `trigger` sends a value or completes; every value from then on.
    public func skip(until trigger: SignalProducer<(), Never>) -> SignalProducer { lift(SkipOperators.until(trigger)) }
    /// No values until `trigger` sends a value or completes; every value from then on.
    public func skip<Trigger: SignalProducerConvertible>(until trigger: Trigger) -> SignalProducer where Trigger.Value == (), Trigger.Error == Never {
        skip(until: trigger.producer)
    }
}
