import Synchronization

/// A mutable property that validates every value set on it (ReactiveSwift's
/// `ValidatingProperty`).
///
/// Setting `value` asks the validator for a decision on the proposed value: a valid value is
/// stored; a coerced one stores the replacement instead; an invalid one leaves the stored value
/// unchanged. `result` holds the outcome of the latest validation, starting with that of the
/// initial value. A validator that depends on another property is run again on the latest
/// proposed value whenever that property changes.
public final class ValidatingProperty<Value, ValidationError: Swift.Error>: PropertyProtocol, BindingTargetProvider, @unchecked Sendable {
    // `@unchecked`: `inner` and `results` are thread-safe properties; `proposedValue` is only
    // touched under `proposedLock`.

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

        /// The validation error, if any.
        public var error: ValidationError? {
            switch self {
            case .valid: return nil
            case let .coerced(_, _, error): return error
            case let .invalid(_, error): return error
            }
        }
    }

    private let inner: MutableProperty<Value>
    private let results: MutableProperty<Result>
    private let validate: (Value) -> Decision
    private let proposedLock = Mutex(())
    private var proposedValue: Value

    /// The outcome of the latest validation.
    public let result: Property<Result>

    /// A validating property over `inner`, which keeps the stored value.
    public init(_ inner: MutableProperty<Value>, _ validator: @escaping (Value) -> Decision) {
        self.inner = inner
        validate = validator
        proposedValue = inner.value
        let first = Self.outcome(of: validator(inner.value), for: inner.value)
        results = MutableProperty(first)
        result = Property(results)
        if let stored = first.value { inner.value = stored }
    }

    /// A validating property holding `initial` (validated at once).
    public convenience init(_ initial: Value, _ validator: @escaping (Value) -> Decision) {
        self.init(MutableProperty(initial), validator)
    }

    /// A validating property over `inner` whose validator also reads `other`; the latest
    /// proposed value is validated again whenever `other` changes.
    public init<Other: PropertyProtocol>(_ inner: MutableProperty<Value>, with other: Other, _ validator: @escaping (Value, Other.Value) -> Decision) {
        self.inner = inner
        validate = { [other] value in validator(value, other.value) }
        proposedValue = inner.value
        let first = Self.outcome(of: validator(inner.value, other.value), for: inner.value)
        results = MutableProperty(first)
        result = Property(results)
        if let stored = first.value { inner.value = stored }
        // Weak: the revalidation must not keep this property alive; it ends with `other`.
        other.signal.take(during: results.lifetime).observeValues { [weak self] _ in
            guard let self else { return }
            self.apply(self.proposedLock.withLock { _ in self.proposedValue })
        }
    }

    /// A validating property holding `initial`, whose validator also reads `other`.
    public convenience init<Other: PropertyProtocol>(_ initial: Value, with other: Other, _ validator: @escaping (Value, Other.Value) -> Decision) {
        self.init(MutableProperty(initial), with: other, validator)
    }

    /// A validating property holding `initial`, whose validator also reads the latest value
    /// `other` has stored (its invalid proposals are ignored).
    public convenience init<U, E>(_ initial: Value, with other: ValidatingProperty<U, E>, _ validator: @escaping (Value, U) -> Decision) {
        self.init(MutableProperty(initial), with: other, validator)
    }

    private static func outcome(of decision: Decision, for value: Value) -> Result {
        switch decision {
        case .valid: return .valid(value)
        case let .coerced(replacement, error): return .coerced(replacement: replacement, proposed: value, error: error)
        case let .invalid(error): return .invalid(value, error)
        }
    }

    private func apply(_ value: Value) {
        let outcome = Self.outcome(of: validate(value), for: value)
        if let stored = outcome.value { inner.value = stored }
        results.value = outcome
    }

    /// The stored value; setting it validates the new value first.
    public var value: Value {
        get { inner.value }
        set {
            proposedLock.withLock { _ in proposedValue = newValue }
            apply(newValue)
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
