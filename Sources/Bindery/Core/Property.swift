/// A value that changes over time and can always be read.
///
/// `producer` sends the current value at once, then every change; `signal` sends changes
/// only. Both complete when the property is deinitialised.
public protocol PropertyProtocol<Value>: AnyObject, BindingSource where Error == Never {
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
public final class Property<Value>: PropertyProtocol, @unchecked Sendable {
    // `@unchecked`: every stored property is immutable; the value itself lives in `core`,
    // behind its lock.
    let core: SignalCore<Value, Never>
    /// The signal wrapper of `core`, kept so it lives as long as the property.
    public let signal: Signal<Value, Never>
    /// Keeps alive what feeds this property: the properties it is derived from (a derived
    /// property whose source went away would complete and stop changing).
    private let sources: [AnyObject]
    private let feed: Disposable?

    /// A property that never changes.
    public init(value: Value) {
        core = SignalCore(owned: true, current: value)
        signal = Signal(core: core)
        sources = []
        feed = nil
        core.send(.completed)
    }

    /// A read-only view of `property`, sharing its value and changes.
    public init<P: PropertyProtocol>(_ property: P) where P.Value == Value {
        if let existing = property as? Property<Value> {
            core = existing.core
            signal = existing.signal
        } else if let mutable = property as? MutableProperty<Value> {
            core = mutable.core
            signal = mutable.signal
        } else {
            let feeding = Property(capturing: property)
            core = feeding.core
            signal = feeding.signal
            sources = [feeding]
            feed = nil
            return
        }
        sources = [property]
        feed = nil
    }

    /// A property with `initial` as its value until `values` sends another.
    public convenience init(initial: Value, then values: Signal<Value, Never>) {
        self.init(initial: initial, then: SignalProducer(values))
    }

    /// A property with `initial` as its value until a run of `values` sends another. The run
    /// starts now and lasts as long as the property.
    public init(initial: Value, then values: SignalProducer<Value, Never>) {
        let core = SignalCore<Value, Never>(owned: true, current: initial)
        self.core = core
        signal = Signal(core: core)
        sources = []
        feed = values.start(Property.storing(into: core))
    }

    /// A property holding the latest value of `property`, independent of its identity.
    public convenience init<P: PropertyProtocol>(capturing property: P) where P.Value == Value {
        self.init(replaying: property.producer, retaining: [property])
    }

    /// A property fed by a producer that sends its first value synchronously on start (every
    /// property's `producer` does), keeping `sources` — the properties the producer reads —
    /// alive as long as itself.
    init(replaying producer: SignalProducer<Value, Never>, retaining sources: [AnyObject]) {
        let core = SignalCore<Value, Never>(owned: true)
        self.core = core
        signal = Signal(core: core)
        self.sources = sources
        feed = producer.start(Property.storing(into: core))
        precondition(core.hasCurrentValue, "Property(replaying:) needs a producer that sends a value on start")
    }

    /// An observer that stores each value in `core` and ends it when the feed ends.
    private static func storing(into core: SignalCore<Value, Never>) -> Signal<Value, Never>.Observer {
        Signal<Value, Never>.Observer { event in
            switch event {
            case let .value(value): core.sendStoring(value)
            case .completed, .interrupted: core.send(.completed)
            }
        }
    }

    deinit { feed?.dispose() }

    public var value: Value { core.currentValue }

    public var producer: SignalProducer<Value, Never> {
        core.replayingProducer
    }
}
