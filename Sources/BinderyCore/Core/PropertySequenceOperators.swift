// ReactiveSwift's signatures of the statics combining a sequence or collection of properties.
// Bindery's own forms (PropertyOperators.swift, BooleanOperators.swift) tie the element type to
// the static's `Self`, so that `Property.combineLatest([a, b])` infers it; ReactiveSwift's
// leave `Self` free, so `Property<T>.combineLatest(properties)` compiles whatever `T` is
// written. Both are kept; each of these calls Bindery's form on `Property` of the element type.

extension PropertyProtocol {
    /// A property holding the values of every property, in order; `nil` if there are none.
    public static func combineLatest<S: Sequence>(_ properties: S) -> Property<[S.Iterator.Element.Value]>?
    where S.Iterator.Element: PropertyProtocol {
        Property<S.Iterator.Element.Value>.combineLatest(properties)
    }

    /// A property holding the values of every property, in order; `emptySentinel` if there
    /// are none.
    public static func combineLatest<S: Sequence>(_ properties: S, emptySentinel: [S.Iterator.Element.Value]) -> Property<[S.Iterator.Element.Value]>
    where S.Iterator.Element: PropertyProtocol {
        Property<S.Iterator.Element.Value>.combineLatest(properties, emptySentinel: emptySentinel)
    }

    /// A property holding the arrays of the n-th values of every property; `nil` if there
    /// are none.
    public static func zip<S: Sequence>(_ properties: S) -> Property<[S.Iterator.Element.Value]>?
    where S.Iterator.Element: PropertyProtocol {
        Property<S.Iterator.Element.Value>.zip(properties)
    }

    /// A property holding the arrays of the n-th values of every property; `emptySentinel`
    /// if there are none.
    public static func zip<S: Sequence>(_ properties: S, emptySentinel: [S.Iterator.Element.Value]) -> Property<[S.Iterator.Element.Value]>
    where S.Iterator.Element: PropertyProtocol {
        Property<S.Iterator.Element.Value>.zip(properties, emptySentinel: emptySentinel)
    }
}

extension PropertyProtocol where Value == Bool {
    /// A property holding the logical AND of every property's value; `true` if there are none.
    public static func all<P: PropertyProtocol, Properties: Collection>(_ properties: Properties) -> Property<Value>
    where P.Value == Value, Properties.Element == P {
        all(AnySequence(properties))
    }

    /// A property holding the logical OR of every property's value; `false` if there are none.
    public static func any<P: PropertyProtocol, Properties: Collection>(_ properties: Properties) -> Property<Value>
    where P.Value == Value, Properties.Element == P {
        any(AnySequence(properties))
    }
}
