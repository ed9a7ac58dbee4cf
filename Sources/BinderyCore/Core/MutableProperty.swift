import BinderyPrimitives

/// A property whose value can be set, from any thread.
///
/// Setting `value` stores it and sends it to observers atomically: observers see every value
/// in the order they were stored. An observer that sets the property it observes does not
/// deadlock; its value is delivered after the current one has reached every observer.
/// When the property is deinitialised its `signal` and `producer` runs complete.
@propertyWrapper
public final class MutableProperty<Value>: PropertyProtocol, BindingTargetProvider, @unchecked Sendable {
    // `@unchecked`: every stored property is immutable; the value itself lives in `core`,
    // behind its lock.
    /// Every change after the moment of observation.
    public let signal: Signal<Value, Never>
    /// The value and its observers: `signal`'s core, not stored a second time, so a property
    /// is one word smaller (what that saves: BENCHMARKS.md, "Layout and allocations").
    @inlinable var core: SignalCore<Value, Never> { signal.core }

    /// A property holding `initial`; made while a ``RestorationScope`` is open on this
    /// thread, it takes a slot and holds its seed instead, if one fits.
    @inlinable @inline(__always) public init(_ initial: Value) {
        signal = Signal(core: SignalCore(owned: true, current: initial), isPropertyNode: true)
        // Outside a scope, nothing more. The slot's work is out of line and this initialiser
        // always inlined, so a function that makes a property and then uses it still sees
        // through its construction (W2 −48 instructions a set: BENCHMARKS.md, "Issue 42
        // item 5: one W0").
        if RestorationScope.isAnyOpen { takeRestorationSlot() }
    }

    /// Inside a scope open on this thread: takes the next slot, starts from its seed if one
    /// fits, and has an observer record each value as it is delivered (the property keeps no
    /// reference of its own, one word, see `core`). Called by `init` only, before the
    /// property is returned, so no one can observe the seed replacing `initial`.
    @usableFromInline func takeRestorationSlot() {
        let (state, slot) = RestorationScope.slotIfOpen("MutableProperty", core.currentValue)
        guard let slot else { return }
        core.mutex.withLock { _ in core.current = state }
        signal.observeValues { slot.record($0) }
    }

    /// A property holding `initial` that never takes a restoration slot: for state the core
    /// derives itself (an action's `isExecuting`), which must start over after a restart.
    @inlinable init(unrestored initial: Value) {
        signal = Signal(core: SignalCore(owned: true, current: initial), isPropertyNode: true)
    }

    deinit { core.send(.completed) }

    /// The current value; setting it notifies observers (inside a ``PropertyTransaction``'s
    /// body, once the body has set everything it sets).
    ///
    /// Inlinable, so a caller's set is specialised for its `Value` (the check for an open
    /// transaction made the setter too large for the optimiser to inline across modules on
    /// its own, and an unspecialised set looks up generic metadata at every step).
    public var value: Value {
        @inlinable get { core.currentValue }
        @inlinable set {
            if PropertyTransaction.isAnyOpen, PropertyTransaction.hold(newValue, in: core) { return }
            core.sendStoring(consume newValue)
        }
    }

    /// This property: `$x` of `@MutableProperty var x` (see PropertyWrappers.swift).
    @inlinable public var projectedValue: MutableProperty<Value> { self }

    /// The current value (the wrapped value of `@MutableProperty var x`).
    @inlinable public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// The current value, then every change.
    @inlinable public var producer: SignalProducer<Value, Never> {
        core.replayingProducer(keeping: signal)
    }

    /// Ends when the property is deinitialised.
    @inlinable public var lifetime: Lifetime { core.lifetime }

    /// Changes the value in place, atomically, and returns what `action` returned. `action`
    /// must not read or set this property.
    @discardableResult
    @inlinable public func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
        try core.modify(action)
    }

    /// Runs `action` with the current value and returns what it returned. `action` may read
    /// or set this property: it runs on a snapshot, outside the property's lock.
    @inlinable public func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
        try action(value)
    }

    /// Sets a new value and returns the old one, atomically.
    @discardableResult
    @inlinable public func swap(_ newValue: Value) -> Value {
        modify { value in
            defer { value = newValue }
            return value
        }
    }

    /// The binding target that sets this property; what is bound to it is recorded for the
    /// binding graph (`BoundSources`): the property derives from it.
    @inlinable public var bindingTarget: BindingTarget<Value> {
        let (core, lifetime) = (self.core, self.lifetime)
        return BindingTarget(lifetime: lifetime, recordingSources: { [weak core] lineage in
            guard let core else { return }
            BoundSources.record(lineage, boundTo: core, until: lifetime)
        }) { [weak self] in self?.value = $0 }
    }
}
