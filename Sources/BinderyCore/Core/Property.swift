/// A value that changes over time and can always be read.
///
/// `producer` sends the current value at once, then every change; `signal` sends changes
/// only. Both complete when the property is deinitialised.
public protocol PropertyProtocol<Value>: AnyObject, BindingSource {
    /// The current value.
    var value: Value { get }
    /// The current value, then every change.
    var producer: SignalProducer<Value, Never> { get }
    /// Every change after the moment of observation.
    var signal: Signal<Value, Never> { get }
}

/// A read-only property: a view of a `MutableProperty`, a constant, or a value derived from
/// other properties or streams. Derived properties hold their latest value themselves, so
/// reading `value` never recomputes it.
@propertyWrapper
public final class Property<Value>: PropertyProtocol, @unchecked Sendable {
    // `@unchecked`: every stored property is immutable; the value itself lives in `core`,
    // behind its lock.
    @usableFromInline let core: SignalCore<Value, Never>
    /// What the property was composed from, for the binding graph (``PropertyLineage``).
    @usableFromInline package let lineage: PropertyLineage
    /// The signal wrapper of `core`: `core` is owned while this property, or a `producer`
    /// made from it, holds it.
    ///
    /// A derived property's feed (the run keeping its value up to date, and whatever it was
    /// asked to retain) lives in `core`'s lifetime, as in ReactiveSwift: it runs while the
    /// core is owned or observed, so the property's `signal` keeps sending, and completes
    /// with the sources, even after the property itself is gone; it stops when nobody can
    /// observe it any more. The source *properties* are not retained: when a source is
    /// deinitialised, its derived properties complete.
    public let signal: Signal<Value, Never>

    /// A property that never changes.
    @inlinable public init(value: Value) {
        core = SignalCore(owned: true, current: value)
        signal = Signal(core: core, lineage: .constant, isPropertyNode: true)
        lineage = .constant
        core.send(.completed)
    }

    /// A read-only view of `property`, sharing its value and changes (and its place in the
    /// binding graph: a view is the same node as what it views).
    @inlinable public init<P: PropertyProtocol>(_ property: P) where P.Value == Value {
        if let existing = property as? Property<Value> {
            core = existing.core
            signal = existing.signal
            lineage = existing.lineage
        } else if let mutable = property as? MutableProperty<Value> {
            core = mutable.core
            signal = mutable.signal
            lineage = .unknown
        } else {
            let feeding = Property(replaying: property.producer, lineage: .composed(of: property))
            core = feeding.core
            signal = feeding.signal
            lineage = feeding.lineage
        }
    }

    /// A property with `initial` as its value until `values` sends another.
    @inlinable public convenience init(initial: Value, then values: Signal<Value, Never>) {
        self.init(initial: initial, then: SignalProducer(values))
    }

    /// A property with `initial` as its value until a run of `values` sends another. The run
    /// starts now and lasts as long as the property. Made while a ``RestorationScope`` is open
    /// on this thread, it takes a slot and holds its seed instead of `initial`, if one fits,
    /// without sending it.
    @inlinable public convenience init(initial: Value, then values: SignalProducer<Value, Never>) {
        let (state, slot) = RestorationScope.seeded("Property", initial)
        self.init(initial: state, then: values, lineage: values.lineage, recordingIn: slot)
    }

    /// `init(initial:then:)` composed as `lineage` says, recording its values in `slot`.
    @inlinable init(initial: Value, then values: SignalProducer<Value, Never>, lineage: PropertyLineage, recordingIn slot: RestorationSlot? = nil) {
        let core = SignalCore<Value, Never>(owned: true, current: initial)
        self.core = core
        signal = Signal(core: core, lineage: lineage, isPropertyNode: true)
        self.lineage = lineage.resolved
        // The slot is written by the feed, not by an observer of `core`: an observer would
        // keep the feed running after the property and its observers are gone.
        let feed = Property.storing(into: core)
        core.lifetime.attach(values.start(slot.map { slot in
            Signal<Value, Never>.Observer { event in
                if case let .value(value) = event { slot.record(value) }
                feed.send(event)
            }
        } ?? feed))
    }

    /// A property holding the latest value of `property`, independent of its identity; unlike
    /// the composed properties, it retains `property` (as in ReactiveSwift).
    @inlinable public convenience init<P: PropertyProtocol>(capturing property: P) where P.Value == Value {
        self.init(replaying: property.producer, retaining: [property], lineage: .composed(of: property))
    }

    /// A property holding the latest value of a run of `producer`, started now and lasting as
    /// long as the property. The producer must send its first value synchronously on start, as
    /// every property's `producer` does and `map`, `combineLatest`, `skipRepeats` keep.
    /// `sources` are kept alive as long as the property.
    @inlinable public convenience init(replaying producer: SignalProducer<Value, Never>, retaining sources: [AnyObject] = []) {
        self.init(replaying: producer, retaining: sources, lineage: producer.lineage)
    }

    /// `init(replaying:retaining:)` composed as `lineage` says: how the operators on
    /// properties record what they compose.
    @inlinable init(replaying producer: SignalProducer<Value, Never>, retaining sources: [AnyObject] = [], lineage: PropertyLineage) {
        let core = SignalCore<Value, Never>(owned: true)
        self.core = core
        signal = Signal(core: core, lineage: lineage, isPropertyNode: true)
        self.lineage = lineage.resolved
        if !sources.isEmpty {
            core.lifetime.attach(AnyDisposable { withExtendedLifetime(sources) {} })
        }
        core.lifetime.attach(producer.start(Property.storing(into: core)))
        precondition(core.hasCurrentValue, "Property(replaying:) needs a producer that sends a value on start")
    }

    /// An observer that stores each value in `core` and ends it when the feed ends.
    @inlinable static func storing(into core: SignalCore<Value, Never>) -> Signal<Value, Never>.Observer {
        Signal<Value, Never>.Observer { event in
            switch event {
            case let .value(value): core.sendStoring(value)
            case .completed, .interrupted: core.send(.completed)
            }
        }
    }


    public var value: Value { core.currentValue }

    /// This property: `$x` of `@Property var x` (see PropertyWrappers.swift).
    @inlinable public var projectedValue: Property<Value> { self }

    /// The current value (the wrapped value of `@Property var x`).
    @inlinable public var wrappedValue: Value { value }

    /// The current value, then every change. The producer keeps the property's core owned
    /// (not the property itself), and each run observes it, so a chain of derived properties
    /// keeps updating for as long as anyone observes its end, and completes when its source
    /// property goes.
    @inlinable public var producer: SignalProducer<Value, Never> {
        core.replayingProducer(keeping: signal)
    }
}
