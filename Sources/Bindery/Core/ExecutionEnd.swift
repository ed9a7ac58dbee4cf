import Synchronization

/// What an `Action` attaches to each execution's lifetime: sets `isExecuting` back to false,
/// once, when the execution's run ends. One object, where an `AnyDisposable` around a closure
/// would be two allocations on every `apply`.
@usableFromInline final class ExecutionEnd: Disposable, @unchecked Sendable {
    // `@unchecked`: `executing` is immutable and thread-safe itself; `ended` is atomic.
    @usableFromInline let ended = Synchronization.Atomic<Bool>(false)
    @usableFromInline let executing: MutableProperty<Bool>

    @inlinable init(_ executing: MutableProperty<Bool>) {
        self.executing = executing
    }

    @inlinable var isDisposed: Bool { ended.load(ordering: .acquiring) }

    @inlinable func dispose() {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        executing.value = false
    }
}
