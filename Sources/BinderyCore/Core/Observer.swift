extension Signal {
    /// The receiving end of events: what `observe` attaches to a signal, and what a signal's or
    /// producer's generator sends into.
    ///
    /// An observer is a function of events; it does not itself serialise or filter them. The
    /// signal it belongs to guarantees that its events arrive one at a time and that nothing
    /// arrives after a terminal event.
    public final class Observer: @unchecked Sendable {
        // `@unchecked`: the action is immutable; when it runs is decided by the signal core
        // that owns this observer, which delivers events strictly one at a time.
        @usableFromInline let action: Delivery

        /// An observer running `action` for every event.
        ///
        /// Disfavoured, so that inside the core a closure written for an observer is a
        /// `Delivery` (the initialiser below), taking its events owned; a closure given from
        /// outside is wrapped once, here.
        @_disfavoredOverload
        @inlinable public init(_ action: @escaping (Event) -> Void) {
            self.action = action
        }

        /// An observer running `action` for every event, handed to it owned.
        @inlinable init(_ action: @escaping Delivery) {
            self.action = action
        }

        /// An observer with a handler per kind of event; omitted handlers ignore their event.
        @inlinable public convenience init(
            value: ((Value) -> Void)? = nil,
            failed: ((Error) -> Void)? = nil,
            completed: (() -> Void)? = nil,
            interrupted: (() -> Void)? = nil
        ) {
            self.init { event in
                switch event {
                case let .value(v): value?(v)
                case let .failed(e): failed?(e)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
            }
        }

        /// Sends an event.
        @inlinable public func send(_ event: Event) { action(event) }
        /// Sends a value.
        @inlinable public func send(value: Value) { action(.value(value)) }
        /// Fails the stream.
        @inlinable public func send(error: Error) { action(.failed(error)) }
        /// Completes the stream.
        @inlinable public func sendCompleted() { action(.completed) }
        /// Interrupts the stream.
        @inlinable public func sendInterrupted() { action(.interrupted) }
    }
}
