/// An optional: what `skipNil()` unwraps.
public protocol OptionalProtocol<Wrapped>: ExpressibleByNilLiteral {
    /// The type of the value when there is one.
    associatedtype Wrapped
    /// The optional holding `value` (or nothing).
    init(reconstructing value: Wrapped?)
    /// The value as an `Optional`.
    var optional: Wrapped? { get }
}

extension Optional: OptionalProtocol {
    /// This optional.
    public var optional: Wrapped? { self }
    /// `value` itself.
    public init(reconstructing value: Wrapped?) { self = value }
}

extension Signal where Value: OptionalProtocol {
    /// The non-nil values, unwrapped.
    public func skipNil() -> Signal<Value.Wrapped, Error> { compactMap { $0.optional } }
}

extension SignalProducer where Value: OptionalProtocol {
    /// The non-nil values, unwrapped.
    public func skipNil() -> SignalProducer<Value.Wrapped, Error> { compactMap { $0.optional } }
}

extension Signal {
    /// `value` in place of each value.
    public func map<U>(value: U) -> Signal<U, Error> { map { _ in value } }
}

extension SignalProducer {
    /// `value` in place of each value.
    public func map<U>(value: U) -> SignalProducer<U, Error> { map { _ in value } }
}

enum PromoteValueOperator {
    static func make<U, E>() -> Transform<Never, E, U, E> {
        { downstream, _ in
            Signal<Never, E>.Observer { event in
                switch event {
                case let .failed(error): downstream.send(error: error)
                case .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }
}

extension Signal where Value == Never {
    /// The same signal, typed as one that sends values of `U` (it never sends any).
    public func promoteValue<U>(_: U.Type = U.self) -> Signal<U, Error> { lift(PromoteValueOperator.make()) }
}

extension SignalProducer where Value == Never {
    /// The same producer, typed as one that sends values of `U` (it never sends any).
    public func promoteValue<U>(_: U.Type = U.self) -> SignalProducer<U, Error> { lift(PromoteValueOperator.make()) }
}
