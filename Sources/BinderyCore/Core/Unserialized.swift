// ReactiveSwift's unserialized signals and producers skip its lock for speed, at the price of
// undefined behaviour on concurrent or re-entrant sends. Every Bindery signal serialises its
// events and queues re-entrant sends instead (docs/CONTRACTS.md §1) at no extra cost, so these
// are the ordinary constructors under ReactiveSwift's names.

extension Signal {
    /// A signal whose `generator` sends into it: the same as `Signal(_:)` on Bindery.
    @inlinable public static func unserialized(_ generator: (Observer, Lifetime) -> Void) -> Signal {
        Signal(generator)
    }

    /// A signal whose `generator` sends into it, also from its own observers: the same as
    /// `Signal(_:)` on Bindery.
    @inlinable public static func reentrantUnserialized(_ generator: (Observer, Lifetime) -> Void) -> Signal {
        Signal(generator)
    }

    /// A signal and the observer that sends into it: the same as `pipe(disposable:)` on Bindery.
    @inlinable public static func unserializedPipe(disposable: Disposable? = nil) -> (output: Signal, input: Observer) {
        pipe(disposable: disposable)
    }
}

extension SignalProducer {
    /// A producer running `startHandler` on each start: the same as `SignalProducer(_:)` on
    /// Bindery.
    @inlinable public static func unserialized(_ startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void) -> SignalProducer {
        SignalProducer(startHandler)
    }
}
