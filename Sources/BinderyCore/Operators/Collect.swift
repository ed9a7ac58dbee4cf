/// `collect` in batches: values gathered into arrays, each sent when its batch is full; on
/// completion the batch being gathered is sent if it holds any value, and an empty array if
/// no value arrived at all (ReactiveSwift's rule: values ending exactly at a batch boundary
/// send no trailing empty array).
enum CollectOperators {
    /// `modify` adds `latest` to the batch and returns a batch to send, if one is full.
    static func batches<V, E>(_ modify: @escaping (_ collected: inout [V], _ latest: V) -> [V]?) -> Transform<V, E, [V], E> {
        { downstream, _ in
            var collected: [V] = []
            var hasReceivedValues = false
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value):
                    if let batch = modify(&collected, value) { downstream.send(value: batch) }
                    hasReceivedValues = true
                case .completed:
                    if !collected.isEmpty || !hasReceivedValues { downstream.send(value: collected) }
                    downstream.sendCompleted()
                case let .failed(error): downstream.send(error: error)
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }

    static func count<V, E>(_ count: Int) -> Transform<V, E, [V], E> {
        precondition(count > 0, "collect(count:) needs a count of at least 1")
        return values { $0.count == count }
    }

    static func values<V, E>(_ shouldEmit: @escaping ([V]) -> Bool) -> Transform<V, E, [V], E> {
        batches { collected, latest in
            collected.append(latest)
            guard shouldEmit(collected) else { return nil }
            defer { collected.removeAll() }
            return collected
        }
    }

    static func valuesAndNext<V, E>(_ shouldEmit: @escaping ([V], V) -> Bool) -> Transform<V, E, [V], E> {
        batches { collected, latest in
            if shouldEmit(collected, latest) {
                defer { collected = [latest] }
                return collected
            }
            collected.append(latest)
            return nil
        }
    }
}

extension Signal {
    /// The values in arrays of `count` (the last may be shorter), each sent when full.
    public func collect(count: Int) -> Signal<[Value], Error> { lift(CollectOperators.count(count)) }
    /// The values in arrays, each sent as soon as `shouldEmit` accepts it.
    public func collect(_ shouldEmit: @escaping (_ values: [Value]) -> Bool) -> Signal<[Value], Error> { lift(CollectOperators.values(shouldEmit)) }
    /// The values in arrays: before each value, `shouldEmit` decides whether the array so far
    /// is sent (and the value starts the next one).
    public func collect(_ shouldEmit: @escaping (_ collected: [Value], _ latest: Value) -> Bool) -> Signal<[Value], Error> { lift(CollectOperators.valuesAndNext(shouldEmit)) }
}

extension SignalProducer {
    /// The values in arrays of `count` (the last may be shorter), each sent when full.
    public func collect(count: Int) -> SignalProducer<[Value], Error> { lift(CollectOperators.count(count)) }
    /// The values in arrays, each sent as soon as `shouldEmit` accepts it.
    public func collect(_ shouldEmit: @escaping (_ values: [Value]) -> Bool) -> SignalProducer<[Value], Error> { lift(CollectOperators.values(shouldEmit)) }
    /// The values in arrays: before each value, `shouldEmit` decides whether the array so far
    /// is sent (and the value starts the next one).
    public func collect(_ shouldEmit: @escaping (_ collected: [Value], _ latest: Value) -> Bool) -> SignalProducer<[Value], Error> { lift(CollectOperators.valuesAndNext(shouldEmit)) }
}
