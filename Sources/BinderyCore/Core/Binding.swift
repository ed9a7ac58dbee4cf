precedencegroup BindingPrecedence {
    associativity: right
    higherThan: AssignmentPrecedence
}

/// Binds a source to a target: `target <~ source`.
infix operator <~ : BindingPrecedence

/// Something that can feed a binding: a signal, a producer or a property that cannot fail.
/// (As in ReactiveSwift, the protocol itself says it cannot fail, so a type conforming to it, or
/// to ``PropertyProtocol``, gets its `Error` inferred as `Never`.)
public protocol BindingSource<Value>: SignalProducerConvertible where Error == Never {}

extension Signal {
    /// A producer observing this signal.
    @inlinable public var producer: SignalProducer<Value, Error> { SignalProducer(self) }
}

extension SignalProducer {
    /// This producer.
    @inlinable public var producer: SignalProducer<Value, Error> { self }
}

extension Signal: BindingSource where Error == Never {}
extension SignalProducer: BindingSource where Error == Never {}

/// Something that can be bound to.
public protocol BindingTargetProvider<Value> {
    /// The type of the values the target is set to.
    associatedtype Value
    /// The target a binding sets.
    var bindingTarget: BindingTarget<Value> { get }
}

/// What a binding sets: an action taking each value, and the lifetime after which the binding
/// stops by itself.
public struct BindingTarget<Value>: BindingTargetProvider, @unchecked Sendable {
    // `@unchecked`: both members are immutable; `action` is only called by the binding's run,
    // which delivers one value at a time (on `scheduler` when one is given).
    /// Ends every binding to this target.
    public let lifetime: Lifetime
    /// Sets one value.
    public let action: (Value) -> Void
    /// Told what each source bound to the target derives from (``PropertyLineage``), once per
    /// binding, for the binding graph: how a command knows what starts it.
    @usableFromInline let recordSource: ((PropertyLineage) -> Void)?

    /// A target calling `action` for each value, on `scheduler`, until `lifetime` ends.
    @inlinable public init(on scheduler: Scheduler = ImmediateScheduler(), lifetime: Lifetime, action: @escaping (Value) -> Void) {
        self.init(on: scheduler, lifetime: lifetime, recordingSources: nil, action: action)
    }

    /// `init(on:lifetime:action:)` telling `recordSource` what each bound source derives from.
    @inlinable init(
        on scheduler: Scheduler = ImmediateScheduler(),
        lifetime: Lifetime,
        recordingSources recordSource: ((PropertyLineage) -> Void)?,
        action: @escaping (Value) -> Void
    ) {
        self.recordSource = recordSource
        self.lifetime = lifetime
        if scheduler is ImmediateScheduler {
            self.action = action
        } else {
            self.action = { value in
                let handed = ScheduledAction { action(value) }
                scheduler.schedule(handed.run)
            }
        }
    }

    /// A target setting `object[keyPath: keyPath]` for each value, on `scheduler`, until
    /// `lifetime` ends. The target holds `object` weakly.
    @inlinable public init<Object: AnyObject>(
        on scheduler: Scheduler = ImmediateScheduler(),
        lifetime: Lifetime,
        object: Object,
        keyPath: ReferenceWritableKeyPath<Object, Value>
    ) {
        self.init(on: scheduler, lifetime: lifetime) { [weak object] value in object?[keyPath: keyPath] = value }
    }

    @inlinable public var bindingTarget: BindingTarget<Value> { self }
}

extension Signal.Observer {
    /// Sends every value of `source` to `observer` (`observer <~ signal`), while the observer
    /// exists; the returned disposable stops it.
    @discardableResult
    public static func <~ <Source: BindingSource>(observer: Signal<Value, Error>.Observer, source: Source) -> Disposable
    where Source.Value == Value, Source.Error == Never {
        source.producer.startWithValues { [weak observer] value in observer?.send(value: value) }
    }
}

extension BindingTargetProvider {
    /// Binds `source` to `target`: every value of `source` is set on the target until the
    /// target's lifetime ends or the returned disposable is disposed. A target may be bound to
    /// several sources; the latest value from any of them wins.
    @discardableResult
    @inlinable public static func <~ <Source: BindingSource>(target: Self, source: Source) -> Disposable?
    where Source.Value == Value, Source.Error == Never {
        let target = target.bindingTarget
        let producer = source.producer
        target.recordSource?(producer.lineage)
        return producer
            .take(during: target.lifetime)
            .startWithValues(target.action)
    }

    /// Binds an optional-free `source` to a target of optionals.
    @discardableResult
    @inlinable public static func <~ <Source: BindingSource>(target: Self, source: Source) -> Disposable?
    where Value == Source.Value?, Source.Error == Never {
        let target = target.bindingTarget
        let producer = source.producer
        target.recordSource?(producer.lineage)
        return producer
            .take(during: target.lifetime)
            .startWithValues { target.action($0) }
    }
}

extension Optional: BindingTargetProvider where Wrapped: BindingTargetProvider {
    /// The type of the values the wrapped target takes.
    public typealias Value = Wrapped.Value

    /// The wrapped target, or, for `nil`, a target whose lifetime has already ended (a binding
    /// to it does nothing).
    public var bindingTarget: BindingTarget<Wrapped.Value> {
        switch self {
        case let .some(provider): return provider.bindingTarget
        case .none: return BindingTarget(lifetime: .empty) { _ in }
        }
    }
}
