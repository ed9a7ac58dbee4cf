/// A signal, as ReactiveSwift's constraint for extensions over signals of any type.
public protocol SignalProtocol: AnyObject {
    /// The type of the values the signal sends.
    associatedtype Value
    /// The type of the error the signal can fail with.
    associatedtype Error: Swift.Error
    /// The signal itself.
    var signal: Signal<Value, Error> { get }
}

extension Signal: SignalProtocol {
    /// This signal.
    public var signal: Signal<Value, Error> { self }
}

/// A producer, as ReactiveSwift's constraint for extensions over producers of any type.
public protocol SignalProducerProtocol<Value, Error> {
    /// The type of the values the producer sends.
    associatedtype Value
    /// The type of the error the producer can fail with.
    associatedtype Error: Swift.Error
    /// The producer itself.
    var producer: SignalProducer<Value, Error> { get }
}

extension SignalProducer: SignalProducerProtocol {}
