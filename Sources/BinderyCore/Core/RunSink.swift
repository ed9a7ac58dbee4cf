/// Where a run started with `start`, `startWithValues` and friends delivers: every event, or
/// only the values (`startWithValues`, which so needs no closure around the user's).
///
/// A run of a property's or a signal's own producer, through `map`, `filter`, `compactMap` and
/// `mapError`, is one subscription of the source's core delivering to a sink (see
/// ``SignalProducer/directStart``): each of those operators pulls the sink back through its
/// transform, so the run needs no serialising core and no observer per operator.
@usableFromInline enum RunSink<Value, Error: Swift.Error> {
    case events(Signal<Value, Error>.Delivery)
    case values((Value) -> Void)
    /// After the terminal event: the observer has been let go.
    case released

    /// Delivers `event`: every event to `.events`, only a value to `.values`. For a producer
    /// that ends as it starts (``SignalProducer/init(endingAsItStarts:)``), which sends each
    /// event once, in order, and nothing after the terminal one. A run's core and a run's
    /// subscription (`RunCore.deliverOne`, `Subscription.receiveAsRun`) keep their own switch
    /// over a sink they have moved out and consumed: calling this on it instead costs a
    /// retain and release per event (W3 56 → 65 instructions a delivery, measured).
    @inlinable func send(_ event: __owned Signal<Value, Error>.Event) {
        switch self {
        case let .events(action): action(event)
        case let .values(action): if case let .value(value) = event { action(value) }
        case .released: break
        }
    }

    /// The sink as one closure over events (a `.values` sink ignores the rest).
    @inlinable var action: Signal<Value, Error>.Delivery {
        switch self {
        case let .events(action): return action
        case let .values(action): return { if case let .value(value) = $0 { action(value) } }
        case .released: return { _ in }
        }
    }

    /// This sink seen from upstream of `map(transform)`.
    @inlinable func mapping<V>(_ transform: @escaping (V) -> Value) -> RunSink<V, Error> {
        switch self {
        case let .events(action): return .events(EventRules.mapping(action, transform))
        case let .values(action): return .values { action(transform($0)) }
        case .released: return .released
        }
    }

    /// This sink seen from upstream of `mapError(transform)`.
    @inlinable func mappingErrors<E>(_ transform: @escaping (E) -> Error) -> RunSink<Value, E> {
        switch self {
        case let .events(action): return .events(EventRules.mappingErrors(action, transform))
        case let .values(action): return .values(action)
        case .released: return .released
        }
    }

    /// This sink seen from upstream of `filter(isIncluded)`.
    @inlinable func filtering(_ isIncluded: @escaping (Value) -> Bool) -> RunSink {
        switch self {
        case let .events(action): return .events(EventRules.filtering(action, isIncluded))
        case let .values(action): return .values { if isIncluded($0) { action($0) } }
        case .released: return .released
        }
    }

    /// This sink seen from upstream of `compactMap(transform)`.
    @inlinable func compactMapping<V>(_ transform: @escaping (V) -> Value?) -> RunSink<V, Error> {
        switch self {
        case let .events(action): return .events(EventRules.compactMapping(action, transform))
        case let .values(action): return .values { if let mapped = transform($0) { action(mapped) } }
        case .released: return .released
        }
    }
}
