// ReactiveSwift's `promoteError(Never.self)` and `promoteValue(Never.self)`: promoting to the
// type the stream already has is the stream itself. They let generic-looking code such as
// `signal.promoteError(Error.self)` compile when `Error` happens to be `Never`.

extension Signal where Error == Never {
    /// This signal: its error type is already `Never`.
    public func promoteError(_: Error.Type = Error.self) -> Signal<Value, Error> { self }
}

extension Signal where Value == Never {
    /// This signal: its value type is already `Never`.
    public func promoteValue(_: Value.Type = Value.self) -> Signal<Value, Error> { self }
}

extension SignalProducer where Error == Never {
    /// This producer: its error type is already `Never`.
    public func promoteError(_: Error.Type = Error.self) -> SignalProducer<Value, Error> { self }
}

extension SignalProducer where Value == Never {
    /// This producer: its value type is already `Never`.
    public func promoteValue(_: Value.Type = Value.self) -> SignalProducer<Value, Error> { self }
}
