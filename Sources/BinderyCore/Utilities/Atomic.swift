import BinderyPrimitives
import Synchronization

/// A value behind a lock (ReactiveSwift's `Atomic`): every read, write and `modify` is
/// atomic. Not to be confused with `Synchronization.Atomic`, the lock-free word this module
/// uses internally; code importing both writes `Bindery.Atomic` or `Synchronization.Atomic`.
public final class Atomic<Value>: @unchecked Sendable {
    // `@unchecked`: `stored` is only touched under `mutex`.
    private let mutex = Lock(())
    private var stored: Value

    /// An atomic holding `value`.
    public init(_ value: Value) { stored = value }

    /// The value; reading and writing are each atomic.
    public var value: Value {
        get { mutex.withLock { _ in stored } }
        set { mutex.withLock { _ in stored = newValue } }
    }

    /// Changes the value in place under the lock and returns what `action` returned.
    /// `action` must not touch this atomic.
    @discardableResult
    public func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try action(&stored) }
    }

    /// Runs `action` on the value under the lock and returns what it returned.
    @discardableResult
    public func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try action(stored) }
    }

    /// Sets `newValue` and returns the old value, atomically.
    @discardableResult
    public func swap(_ newValue: Value) -> Value {
        modify { value in
            defer { value = newValue }
            return value
        }
    }
}
