import Synchronization

/// A mutable property that validates every value set on it (ReactiveSwift's
/// `ValidatingProperty`).
///
/// Setting `value` asks the validator for a decision on the proposed value: a valid value is
/// stored; a coerced one stores the replacement instead; an invalid one leaves the stored value
/// unchanged. `result` holds the outcome of the latest validation, starting with that of the
/// initial value. A value set on the root property directly is validated too. A validator
/// that depends on another property is run again on the latest proposed value whenever that
/// property changes; a dependency that is itself a `ValidatingProperty` is read by its latest
/// proposed value, valid or not. The validating property retains its root, not its dependency.
public final class ValidatingProperty<Value, ValidationError: Swift.Error>: PropertyProtocol, BindingTargetProvider, @unchecked Sendable {
    // `@unchecked`: every stored property is immutable; `inner` reaches the root through
    // immutable closures (the root guards its own value, as `MutableProperty` does), `results`
    // is a thread-safe property, and `settingInner` is atomic.

    /// What a validator decides about a proposed value.
    public enum Decision {
        /// Store the proposed value.
        case valid
        /// Store `replacement` instead, with an optional error explaining why.
        case coerced(Value, ValidationError?)
        /// Store nothing; the proposed value is invalid.
        case invalid(ValidationError)
    }

    /// The outcome of validating one proposed value.
    public enum Result {
        /// The value was valid and stored.
        case valid(Value)
        /// `replacement` was stored in place of `proposed`.
        case coerced(replacement: Value, proposed: Value, error: ValidationError?)
        /// The value was invalid and not stored.
        case invalid(Value, ValidationError)

        /// Whether the proposed value was rejected.
        public var isInvalid: Bool {
            if case .invalid = self { return true }
            return false
        }

        /// The value stored by this validation, if any.
        public var value: Value? {
            switch self {
            case let .valid(value): return value
            case let .coerced(replacement, _, _): return replacement
            case .invalid: return nil
            }
        }

        /// The error of an invalid value (a coerced value's reason is in the case itself).
        public var error: ValidationError? {
            if case let .invalid(_, error) = self { return error }
            return nil
        }

        /// The value that was proposed, whatever the decision.
        var proposed: Value {
            switch self {
            case let .valid(value): return value
            case let .coerced(_, proposed, _): return proposed
            case let .invalid(value, _): return value
            }
        }

        init(_ value: Value, _ decision: Decision) {
            switch decision {
            case .valid: self = .valid(value)
            case let .coerced(replacement, error): self = .coerced(replacement: replacement, proposed: value, error: error)
            case let .invalid(error): self = .invalid(value, error)
            }
        }
    }

    private let inner: Root
    private let results: MutableProperty<Result>
    private let validate: (Value) -> Decision
    /// Set while this property writes a validated value into `inner`, so that the write is not
    /// validated a second time as a change on the root.
    private let settingInner: WriteFlag

    /// The outcome of the latest validation.
    public let result: Property<Result>

    /// A validating property over `inner` (a `MutableProperty` or any other composable
    /// mutable property), which keeps the stored value and is retained by this one. The
    /// initial value is validated, but `inner` is left as it is.
    public init<Inner: ComposableMutablePropertyProtocol>(_ inner: Inner, _ validator: @escaping (Value) -> Decision)
    where Inner.Value == Value {
        let inner = Root(inner)
        self.inner = inner
        validate = validator
        let settingInner = WriteFlag()
        self.settingInner = settingInner
        let initial = inner.value
        // Derived from `inner`, which is what is restored: no slot of its own.
        let results = MutableProperty(unrestored: Result(initial, validator(initial)))
        self.results = results
        result = Property(capturing: results)
        // A change made on the root directly is validated too (its result is recorded; the
        // root keeps the value it was given).
        results <~ inner.signal
            .filter { _ in !settingInner.isSet }
            .map { Result($0, validator($0)) }
    }

    /// A validating property holding `initial` (validated at once).
    public convenience init(_ initial: Value, _ validator: @escaping (Value) -> Decision) {
        self.init(MutableProperty(initial), validator)
    }

    /// A validating property over `inner` whose validator also reads `other`; the latest
    /// proposed value is validated again whenever `other` changes.
    public convenience init<Other: PropertyProtocol>(_ inner: MutableProperty<Value>, with other: Other, _ validator: @escaping (Value, Other.Value) -> Decision) {
        let other = Property(other)
        self.init(inner) { validator($0, other.value) }
        revalidate(whenever: other.signal)
    }

    /// A validating property holding `initial`, whose validator also reads `other`.
    public convenience init<Other: PropertyProtocol>(_ initial: Value, with other: Other, _ validator: @escaping (Value, Other.Value) -> Decision) {
        self.init(MutableProperty(initial), with: other, validator)
    }

    /// A validating property over `inner` whose validator also reads the latest value
    /// proposed to `other`, valid or not.
    public convenience init<U, E>(_ inner: MutableProperty<Value>, with other: ValidatingProperty<U, E>, _ validator: @escaping (Value, U) -> Decision) {
        // Only `other`'s results are kept, not `other` itself.
        let otherResults = other.result
        self.init(inner) { validator($0, otherResults.value.proposed) }
        revalidate(whenever: otherResults.signal)
    }

    /// A validating property holding `initial`, whose validator also reads the latest value
    /// proposed to `other`, valid or not.
    public convenience init<U, E>(_ initial: Value, with other: ValidatingProperty<U, E>, _ validator: @escaping (Value, U) -> Decision) {
        self.init(MutableProperty(initial), with: other, validator)
    }

    /// Validates the latest proposed value again each time `dependency` changes, while this
    /// property lives (held weakly, so the dependency does not keep it alive).
    private func revalidate<T>(whenever dependency: Signal<T, Never>) {
        dependency.take(during: lifetime).observeValues { [weak self] _ in
            guard let self else { return }
            self.value = self.results.value.proposed
        }
    }

    /// The stored value; setting it validates the new value first.
    public var value: Value {
        get { inner.value }
        set {
            let outcome = Result(newValue, validate(newValue))
            results.value = outcome
            guard let stored = outcome.value else { return }
            settingInner.isSet = true
            inner.value = stored
            settingInner.isSet = false
        }
    }

    /// The stored value, then every change of it.
    public var producer: SignalProducer<Value, Never> { inner.producer }

    /// Every change of the stored value.
    public var signal: Signal<Value, Never> { inner.signal }

    /// Ends when the stored value's property is deinitialised.
    public var lifetime: Lifetime { inner.lifetime }

    /// The binding target that validates and sets each value.
    public var bindingTarget: BindingTarget<Value> {
        BindingTarget(lifetime: lifetime) { [weak self] in self?.value = $0 }
    }
}

extension ValidatingProperty {
    /// The property a `ValidatingProperty` stores its value in, whatever its type. The closures
    /// hold it strongly: the validating property retains its root.
    fileprivate struct Root {
        private let get: () -> Value
        private let set: (Value) -> Void
        let producer: SignalProducer<Value, Never>
        let signal: Signal<Value, Never>
        let lifetime: Lifetime

        init<Inner: ComposableMutablePropertyProtocol>(_ inner: Inner) where Inner.Value == Value {
            // Properties are classes (`PropertyProtocol: AnyObject`), so the closures share the
            // one root object.
            get = { inner.value }
            set = { inner.value = $0 }
            producer = inner.producer
            signal = inner.signal
            lifetime = inner.lifetime
        }

        var value: Value {
            get { get() }
            nonmutating set { set(newValue) }
        }
    }
}

/// Whether a `ValidatingProperty` is writing into its root right now.
private final class WriteFlag: Sendable {
    private let flag = Synchronization.Atomic<Bool>(false)

    var isSet: Bool {
        get { flag.load(ordering: .acquiring) }
        set { flag.store(newValue, ordering: .releasing) }
    }
}
