import BinderyPrimitives
import Synchronization

/// Something that can release resources or cancel work: a subscription, a started producer,
/// a scheduled action.
///
/// `dispose()` is idempotent and thread-safe: the work behind it runs at most once, whichever
/// thread gets there first, and `isDisposed` is `true` from then on.
public protocol Disposable: AnyObject {
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
    /// Releases the resource; calling it again does nothing.
    func dispose()
}

/// A disposable that runs a closure once, on the first `dispose()`.
public final class AnyDisposable: Disposable, @unchecked Sendable {
    // `@unchecked`: `action` is read and cleared only by the one caller that wins the `state`
    // exchange, so no two threads ever touch it (hence no dynamic exclusivity checks).
    @usableFromInline let state = Synchronization.Atomic<Bool>(false)
    @exclusivity(unchecked) @usableFromInline var action: (() -> Void)?

    /// A disposable that runs `action` on the first `dispose()`.
    @inlinable public init(_ action: @escaping () -> Void) {
        self.action = action
    }

    /// A disposable with nothing to do; it only records that it was disposed.
    @inlinable public init() {
        self.action = nil
    }

    @inlinable public var isDisposed: Bool { state.load(ordering: .acquiring) }

    @inlinable public func dispose() {
        guard !state.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action
        self.action = nil
        action?()
    }
}

/// A disposable that disposes many others together. Disposables added after it was disposed
/// are disposed at once.
///
/// Not `open`: the subclasses are a producer run's end (`RunCore`) and an action's execution
/// (`ActionExecution`), which hold their lifetime's disposables themselves rather than in a
/// composite of their own (one object less per run) and, as a `Disposable`, interrupt their
/// run; the bag is ended through `end()`.
public class CompositeDisposable: Disposable, @unchecked Sendable {
    // `@unchecked`: `first`, `others` and `ended` are only touched under `mutex` (hence no
    // dynamic exclusivity checks).
    // The lock and the two flags share one 8-byte slot.
    @usableFromInline final let mutex = Lock(())
    @exclusivity(unchecked) @usableFromInline final var ended = false
    /// Set when this composite is a run's lifetime and an operator in the run delivers on a
    /// scheduler: disposing the run then ends this lifetime and lets that operator deliver
    /// `interrupted` on its scheduler (see `ScheduledOutput`), instead of interrupting the
    /// observer on the disposing thread.
    @usableFromInline final let defersInterruption = Synchronization.Atomic<Bool>(false)
    /// The first disposable is held inline: most composites (a run's lifetime) hold one, and
    /// this spares them an array.
    @exclusivity(unchecked) @usableFromInline final var first: Disposable?
    @exclusivity(unchecked) @usableFromInline final var others: [Disposable] = []

    /// An empty composite.
    @inlinable public init() {}

    /// A composite holding `disposables`.
    @inlinable public init<S: Sequence>(_ disposables: S) where S.Element == Disposable {
        for disposable in disposables { insert(disposable) }
    }

    @inlinable public var isDisposed: Bool { hasEnded }

    /// Whether the composite has been ended (`dispose()` of a plain composite).
    @inlinable final var hasEnded: Bool { mutex.withLock { _ in ended } }

    /// Adds a disposable, returning a handle that removes it again without disposing it.
    /// Returns `nil` (after disposing `disposable`) when the composite is already disposed.
    @discardableResult
    @inlinable public final func add(_ disposable: Disposable?) -> Disposable? {
        guard let disposable, store(disposable) else { return nil }
        return AnyDisposable { [weak self] in self?.remove(disposable) }
    }

    /// Adds `disposable` without making a handle to remove it again (the cheap path for
    /// disposables that live until the composite is disposed).
    @inlinable final func insert(_ disposable: Disposable?) {
        guard let disposable else { return }
        _ = store(disposable)
    }

    /// Stores `disposable`, or disposes it at once if the composite is disposed; returns
    /// whether it was stored.
    @inlinable final func store(_ disposable: Disposable) -> Bool {
        let added = mutex.withLock { _ -> Bool in
            guard !ended else { return false }
            if first == nil { first = disposable } else { others.append(disposable) }
            return true
        }
        if !added { disposable.dispose() }
        return added
    }

    /// Adds a closure to run when the composite is disposed.
    @discardableResult
    @inlinable public final func add(_ action: @escaping () -> Void) -> Disposable? {
        add(AnyDisposable(action))
    }

    @inlinable final func remove(_ disposable: Disposable) {
        mutex.withLock { _ in
            if first === disposable {
                first = others.isEmpty ? nil : others.removeFirst()
            } else if let index = others.lastIndex(where: { $0 === disposable }) {
                others.remove(at: index)
            }
        }
    }

    @inlinable public func dispose() { end() }

    /// Disposes everything held, once; what is added later is disposed at once.
    ///
    /// What is held is moved out under the lock (swapped with empty values) rather than copied
    /// and then cleared: a copy retains each reference only to release it again. The rest
    /// (`others`) is only taken when there is one, so the common composite of at most one
    /// disposable does not release an empty array either.
    @inlinable final func end() {
        var single: Disposable? = nil
        var rest: [Disposable]? = nil
        mutex.withLock { _ in
            guard !ended else { return }
            ended = true
            swap(&single, &first)
            if !others.isEmpty { rest = takeOthers() }
        }
        single?.dispose()
        if let rest { for disposable in rest { disposable.dispose() } }
    }

    /// `others`, moved out and left empty (under `mutex`).
    @inline(never) @usableFromInline final func takeOthers() -> [Disposable] {
        var taken: [Disposable] = []
        swap(&taken, &others)
        return taken
    }

    /// Adds `disposable` to `composite`.
    @discardableResult
    @inlinable public static func += (composite: CompositeDisposable, disposable: Disposable?) -> Disposable? {
        composite.add(disposable)
    }

    /// Adds a closure to run when `composite` is disposed.
    @discardableResult
    @inlinable public static func += (composite: CompositeDisposable, action: @escaping () -> Void) -> Disposable? {
        composite.add(action)
    }
}

/// A disposable holding at most one inner disposable: replacing the inner one disposes the old
/// one, and disposing the serial disposable disposes the current one and any set later.
public final class SerialDisposable: Disposable, @unchecked Sendable {
    // `@unchecked`: `current` and `disposed` are only touched under `mutex`.
    @usableFromInline let mutex = Lock(())
    @usableFromInline var current: Disposable?
    @usableFromInline var disposed = false

    /// A serial disposable holding `disposable`, if any.
    @inlinable public init(_ disposable: Disposable? = nil) {
        self.current = disposable
    }

    @inlinable public var isDisposed: Bool { mutex.withLock { _ in disposed } }

    /// The current inner disposable. Setting it disposes the previous one.
    @inlinable public var inner: Disposable? {
        get { mutex.withLock { _ in current } }
        set {
            let (old, alreadyDisposed) = mutex.withLock { _ -> (Disposable?, Bool) in
                if disposed { return (nil, true) }
                defer { current = newValue }
                return (current, false)
            }
            old?.dispose()
            if alreadyDisposed { newValue?.dispose() }
        }
    }

    @inlinable public func dispose() {
        let old = mutex.withLock { _ -> Disposable? in
            guard !disposed else { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        old?.dispose()
    }
}
