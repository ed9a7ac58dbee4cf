import Synchronization

/// How long an object lives: a lifetime ends exactly once, when its `Token` is disposed or
/// deinitialised, and at that moment disposes everything attached to it.
///
/// Tie work to a lifetime with `lifetime += disposable`, `lifetime.observeEnded { }` or the
/// `take(during:)` operator; when the owner goes away, so do its observations, without weak
/// references (the seeds' `@weakify/@strongify` is never needed).
public final class Lifetime: Sendable {
    @usableFromInline let disposables: CompositeDisposable

    /// The lifetime that has already ended.
    public static let empty: Lifetime = {
        let disposables = CompositeDisposable()
        disposables.end()
        return Lifetime(disposables)
    }()

    /// Makes a lifetime and the token that ends it.
    @inlinable public static func make() -> (lifetime: Lifetime, token: Token) {
        let token = Token()
        return (Lifetime(token.disposables), token)
    }

    /// A lifetime that ends when `token` is disposed or deinitialised.
    @inlinable public convenience init(_ token: Token) {
        self.init(token.disposables)
    }

    @inlinable init(_ disposables: CompositeDisposable) {
        self.disposables = disposables
    }

    /// Whether the lifetime has ended.
    @inlinable public var hasEnded: Bool { disposables.hasEnded }

    /// Runs `action` when the lifetime ends (at once if it has). The returned disposable
    /// cancels the observation.
    @discardableResult
    @inlinable public func observeEnded(_ action: @escaping () -> Void) -> Disposable? {
        disposables.add(action)
    }

    /// Disposes `disposable` when the lifetime ends (at once if it has), without a handle to
    /// detach it earlier.
    @inlinable func attach(_ disposable: Disposable?) {
        disposables.insert(disposable)
    }

    /// Marks this lifetime (a run's) as one whose disposal is to be delivered as `interrupted`
    /// by an operator on its scheduler, not on the disposing thread (`ScheduledOutput`).
    @inlinable func deferInterruptionToScheduler() {
        disposables.defersInterruption.store(true, ordering: .releasing)
    }

    /// A signal that completes when the lifetime ends.
    @inlinable public var ended: Signal<Never, Never> {
        Signal { observer, _ in
            if self.observeEnded(observer.sendCompleted) == nil { observer.sendCompleted() }
        }
    }

    /// Disposes `disposable` when `lifetime` ends.
    @discardableResult
    @inlinable public static func += (lifetime: Lifetime, disposable: Disposable?) -> Disposable? {
        lifetime.disposables.add(disposable)
    }

    /// The object whose disposal or deinitialisation ends the lifetimes made from it.
    public final class Token: Sendable {
        @usableFromInline let disposables = CompositeDisposable()

        /// A token for a new lifetime.
        @inlinable public init() {}

        /// Ends the lifetime now.
        @inlinable public func dispose() { disposables.end() }

        deinit { disposables.end() }
    }
}
