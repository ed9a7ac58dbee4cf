// The observers of `map`, `mapError` and `filter` are one closure capturing downstream's
// action and the user's closure directly (rather than `forwarding(to:value:)`, a closure
// around a closure), so an event takes one call per operator. They capture
// `downstream.action`, not the `Observer` object, so that object can be left unreferenced
// once the run is wired and the optimiser can keep it on the stack. What each saves:
// BENCHMARKS.md, "Layout and allocations".
@usableFromInline enum MapOperators {
    @inlinable static func map<V, E, U>(_ transform: @escaping (V) -> U) -> Transform<V, E, U, E> {
        { downstream, _ in
            let send = downstream.action
            // A switch rather than `Event.map`: the transform is called directly, not through
            // a closure of its own per event.
            return Signal<V, E>.Observer { event in
                switch event {
                case let .value(value): send(.value(transform(value)))
                case let .failed(error): send(.failed(error))
                case .completed: send(.completed)
                case .interrupted: send(.interrupted)
                }
            }
        }
    }

    @inlinable static func mapError<V, E, F>(_ transform: @escaping (E) -> F) -> Transform<V, E, V, F> {
        { downstream, _ in
            let send = downstream.action
            return Signal<V, E>.Observer { send($0.mapError(transform)) }
        }
    }

    @inlinable static func filter<V, E>(_ isIncluded: @escaping (V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in
            let send = downstream.action
            return Signal<V, E>.Observer { event in
                if case let .value(value) = event, !isIncluded(value) { return }
                send(event)
            }
        }
    }

    @inlinable static func compactMap<V, E, U>(_ transform: @escaping (V) -> U?) -> Transform<V, E, U, E> {
        { downstream, _ in .forwarding(to: downstream) { if let u = transform($0) { downstream.send(value: u) } } }
    }
}

extension Signal {
    /// Each value transformed by `transform`.
    @inlinable public func map<U>(_ transform: @escaping (Value) -> U) -> Signal<U, Error> { lift(MapOperators.map(transform)) }
    /// Each value's property at `keyPath` (a `KeyPath` value as well as a literal).
    @inlinable public func map<U>(_ keyPath: KeyPath<Value, U>) -> Signal<U, Error> { lift(MapOperators.map { $0[keyPath: keyPath] }) }
    /// Each failure's error transformed by `transform`.
    @inlinable public func mapError<F>(_ transform: @escaping (Error) -> F) -> Signal<Value, F> { lift(MapOperators.mapError(transform)) }
    /// Only the values for which `isIncluded` is true.
    @inlinable public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal { lift(MapOperators.filter(isIncluded)) }
    /// The non-nil results of `transform`.
    @inlinable public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Error> { lift(MapOperators.compactMap(transform)) }
    /// `compactMap`'s name before ReactiveSwift 4; deprecated there and here alike.
    @available(*, deprecated, renamed: "compactMap")
    public func filterMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Error> { compactMap(transform) }
}

extension SignalProducer {
    /// Each value transformed by `transform`.
    @inlinable public func map<U>(_ transform: @escaping (Value) -> U) -> SignalProducer<U, Error> {
        lift(MapOperators.map(transform), direct: directStart.map { start in { start($0.mapping(transform)) } })
    }
    /// Each value's property at `keyPath` (a `KeyPath` value as well as a literal).
    @inlinable public func map<U>(_ keyPath: KeyPath<Value, U>) -> SignalProducer<U, Error> { map { $0[keyPath: keyPath] } }
    /// Each failure's error transformed by `transform`.
    @inlinable public func mapError<F>(_ transform: @escaping (Error) -> F) -> SignalProducer<Value, F> {
        lift(MapOperators.mapError(transform), direct: directStart.map { start in { start($0.mappingErrors(transform)) } })
    }
    /// Only the values for which `isIncluded` is true.
    @inlinable public func filter(_ isIncluded: @escaping (Value) -> Bool) -> SignalProducer {
        lift(MapOperators.filter(isIncluded), direct: directStart.map { start in { start($0.filtering(isIncluded)) } })
    }
    /// The non-nil results of `transform`.
    @inlinable public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> SignalProducer<U, Error> {
        lift(MapOperators.compactMap(transform), direct: directStart.map { start in { start($0.compactMapping(transform)) } })
    }
    /// `compactMap`'s name before ReactiveSwift 4; deprecated there and here alike.
    @available(*, deprecated, renamed: "compactMap")
    public func filterMap<U>(_ transform: @escaping (Value) -> U?) -> SignalProducer<U, Error> { compactMap(transform) }
}
