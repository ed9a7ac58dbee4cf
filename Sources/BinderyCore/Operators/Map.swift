// The observers of `map`, `mapError`, `filter` and `compactMap` are one closure capturing
// downstream's action and the user's closure directly (rather than `forwarding(to:value:)`, a
// closure around a closure), so an event takes one call per operator. They capture
// `downstream.action`, not the `Observer` object, so that object can be left unreferenced
// once the run is wired and the optimiser can keep it on the stack. What each saves:
// BENCHMARKS.md, "Layout and allocations".
@usableFromInline enum MapOperators {
    // Each rule is written once, as a function of events (`EventRules`), and used both here
    // and by a direct run's sink (`RunSink`).
    @inlinable static func map<V, E, U>(_ transform: @escaping (V) -> U) -> Transform<V, E, U, E> {
        { downstream, _ in Signal<V, E>.Observer(EventRules.mapping(downstream.action, transform)) }
    }

    @inlinable static func mapError<V, E, F>(_ transform: @escaping (E) -> F) -> Transform<V, E, V, F> {
        { downstream, _ in Signal<V, E>.Observer(EventRules.mappingErrors(downstream.action, transform)) }
    }

    @inlinable static func filter<V, E>(_ isIncluded: @escaping (V) -> Bool) -> Transform<V, E, V, E> {
        { downstream, _ in Signal<V, E>.Observer(EventRules.filtering(downstream.action, isIncluded)) }
    }

    @inlinable static func compactMap<V, E, U>(_ transform: @escaping (V) -> U?) -> Transform<V, E, U, E> {
        { downstream, _ in Signal<V, E>.Observer(EventRules.compactMapping(downstream.action, transform)) }
    }
}

/// `map`, `mapError`, `filter` and `compactMap` as functions of events: given downstream's
/// action, the action to receive upstream's events. One closure capturing downstream's action
/// and the user's closure directly, so an event takes one call per operator; the transform is
/// called directly from a switch, not through `Event.map`.
@usableFromInline enum EventRules {
    @inlinable static func mapping<V, U, E>(
        _ send: @escaping Signal<U, E>.Delivery, _ transform: @escaping (V) -> U
    ) -> Signal<V, E>.Delivery {
        { event in
            switch event {
            case let .value(value): send(.value(transform(value)))
            case let .failed(error): send(.failed(error))
            case .completed: send(.completed)
            case .interrupted: send(.interrupted)
            }
        }
    }

    @inlinable static func mappingErrors<V, E, F>(
        _ send: @escaping Signal<V, F>.Delivery, _ transform: @escaping (E) -> F
    ) -> Signal<V, E>.Delivery {
        { send($0.mapError(transform)) }
    }

    @inlinable static func filtering<V, E>(
        _ send: @escaping Signal<V, E>.Delivery, _ isIncluded: @escaping (V) -> Bool
    ) -> Signal<V, E>.Delivery {
        { event in
            if case let .value(value) = event, !isIncluded(value) { return }
            send(event)
        }
    }

    @inlinable static func compactMapping<V, U, E>(
        _ send: @escaping Signal<U, E>.Delivery, _ transform: @escaping (V) -> U?
    ) -> Signal<V, E>.Delivery {
        { event in
            switch event {
            case let .value(value): if let mapped = transform(value) { send(.value(mapped)) }
            case let .failed(error): send(.failed(error))
            case .completed: send(.completed)
            case .interrupted: send(.interrupted)
            }
        }
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
