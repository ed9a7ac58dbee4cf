import Synchronization
#if BINDERY_TSAN
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#endif

// The lock of the core and of every target `make tsan` checks (HTTP, the control socket,
// systemd, SQLite, persistence, the host, the demo's models, and their tests), reached with
// `package` access: `Synchronization.Mutex` in every ordinary build, and a pthread mutex in the
// ThreadSanitizer build (`make tsan` compiles with `-DBINDERY_TSAN`). It lives in this bottom
// target so a service takes it without importing the reactive core. binderyctl's targets
// (BinderyCLI, binderyctl) and BinderySignals, which `make tsan` does not run, use `Mutex`.
//
// Why two: on Linux, `Mutex` locks through the futex word inside the (uninstrumented) Swift
// runtime, so ThreadSanitizer never sees it acquired or released, and reports every access it
// guards as a race (a four-thread counter behind a `Mutex` reports one on every run). It does
// see `pthread_mutex_lock`, which it intercepts. Suppressing those reports would also hide the
// real races among them, so the sanitizer build swaps the lock instead. Both have the same
// interface (`init(_:)`, `withLock`), so every site compiles unchanged in either build; the
// ordinary build is `Mutex` itself, with no cost added.

#if !BINDERY_TSAN

/// A value only reachable while holding a lock: `Synchronization.Mutex` (see the file's
/// comment for the ThreadSanitizer build, which uses a lock the sanitizer sees).
@usableFromInline package typealias Lock<Value: ~Copyable> = Mutex<Value>

#else

/// A value only reachable while holding a lock: the ThreadSanitizer build's stand-in for
/// `Synchronization.Mutex`, a pthread mutex the sanitizer intercepts (see the file's comment).
/// It guarantees what `Mutex` does: `withLock` runs its body with exclusive access to the
/// value, and everything done under the lock happens before the next holder's body.
@frozen @usableFromInline package struct Lock<Value: ~Copyable>: ~Copyable {
    // Both live in their own allocation: a pthread mutex must not move once initialised, and
    // `withLock` is `borrowing`, so the value cannot be stored inline and still be mutated.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// A lock around `initialValue`.
    @inlinable package init(_ initialValue: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    @inlinable deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returned.
    @inlinable package borrowing func withLock<Result: ~Copyable, E: Swift.Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

// `@unchecked`: the value is only reached through `withLock`, under the pthread mutex.
extension Lock: @unchecked Sendable where Value: ~Copyable {}

#endif
