extension Signal {
    /// What a signal delivers. A signal delivers any number of `value`s, then at most one
    /// terminal event — `failed`, `completed` or `interrupted` — and nothing after it.
    public enum Event {
        /// A value.
        case value(Value)
        /// The stream failed; terminal.
        case failed(Error)
        /// The stream finished normally; terminal.
        case completed
        /// The stream was cancelled (disposed) before it finished; terminal.
        case interrupted

        /// Whether this event ends the stream.
        @inlinable public var isTerminating: Bool {
            if case .value = self { return false }
            return true
        }

        /// Whether this is the `completed` event.
        @inlinable public var isCompleted: Bool {
            if case .completed = self { return true }
            return false
        }

        /// The value, if this is a `value` event.
        @inlinable public var value: Value? {
            if case let .value(value) = self { return value }
            return nil
        }

        /// The error, if this is a `failed` event.
        @inlinable public var error: Error? {
            if case let .failed(error) = self { return error }
            return nil
        }

        /// The same event with its value transformed.
        @inlinable public func map<U>(_ transform: (Value) -> U) -> Signal<U, Error>.Event {
            switch self {
            case let .value(value): return .value(transform(value))
            case let .failed(error): return .failed(error)
            case .completed: return .completed
            case .interrupted: return .interrupted
            }
        }

        /// The same event with its error transformed.
        @inlinable public func mapError<F>(_ transform: (Error) -> F) -> Signal<Value, F>.Event {
            switch self {
            case let .value(value): return .value(value)
            case let .failed(error): return .failed(transform(error))
            case .completed: return .completed
            case .interrupted: return .interrupted
            }
        }
    }
}

extension Signal.Event: CustomStringConvertible {
    /// `VALUE 1`, `FAILED error`, `COMPLETED`, `INTERRUPTED`: ReactiveSwift's text, so code
    /// that prints or compares events reads the same on both.
    @inlinable public var description: String {
        switch self {
        case let .value(value): return "VALUE \(value)"
        case let .failed(error): return "FAILED \(error)"
        case .completed: return "COMPLETED"
        case .interrupted: return "INTERRUPTED"
        }
    }
}

extension Signal.Event: Equatable where Value: Equatable, Error: Equatable {}
