/// A property whose value can be set, as ReactiveSwift has it: for generic code over
/// `MutableProperty`, `ValidatingProperty` and your own settable properties.
public protocol MutablePropertyProtocol<Value>: PropertyProtocol, BindingTargetProvider {
    /// The value's type (restated, as ReactiveSwift does, so that the primary associated type
    /// is the one both inherited protocols share).
    associatedtype Value
    /// The current value; setting it notifies the property's observers.
    var value: Value { get set }
    /// Ends when the property is deinitialised.
    var lifetime: Lifetime { get }
}

extension MutablePropertyProtocol {
    /// A binding target setting `value` for each value bound to it, until the property's
    /// lifetime ends; it holds the property weakly.
    public var bindingTarget: BindingTarget<Value> {
        BindingTarget(lifetime: lifetime) { [weak self] in self?.value = $0 }
    }
}

/// A settable property that also lets its value be read and changed in one step, as
/// ReactiveSwift has it (`MutableProperty` is one).
public protocol ComposableMutablePropertyProtocol<Value>: MutablePropertyProtocol {
    /// Runs `action` with the current value, which no other writer changes meanwhile, and
    /// returns its result.
    func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result
    /// Changes the value in place with `action`, as one atomic step that notifies once, and
    /// returns `action`'s result.
    func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result
}

extension MutableProperty: ComposableMutablePropertyProtocol {}
extension ValidatingProperty: MutablePropertyProtocol {}
