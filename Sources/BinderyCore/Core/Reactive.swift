/// A type that offers reactive extensions through `.reactive` (ReactiveSwift's extension
/// point): extend `Reactive where Base == YourType` with signals, producers and binding
/// targets, and use them as `value.reactive.something`, without clashing with the type's own
/// members.
public protocol ReactiveExtensionsProvider {}

extension ReactiveExtensionsProvider {
    /// The proxy that hosts the reactive extensions of this value.
    public var reactive: Reactive<Self> { Reactive(self) }

    /// The proxy type that hosts the static reactive extensions of this type.
    public static var reactive: Reactive<Self>.Type { Reactive<Self>.self }
}

/// The proxy that hosts reactive extensions of `Base`.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The extended value.
    public let base: Base

    /// A proxy for `base`.
    public init(_ base: Base) { self.base = base }

    /// A binding target setting `base[keyPath: keyPath]` for each value, until `base`'s
    /// lifetime ends (`object.reactive.title <~ signal`). The target holds `base` weakly.
    public subscript<U>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, U>) -> BindingTarget<U> where Base: AnyObject & ReactiveLifetimeProvider {
        BindingTarget(lifetime: base.lifetime) { [weak base] value in base?[keyPath: keyPath] = value }
    }
}

/// An object with a lifetime, whose writable properties `Reactive` offers as binding targets
/// (`object.reactive.title <~ signal`).
public protocol ReactiveLifetimeProvider: AnyObject {
    /// Ends when the object is deinitialised.
    var lifetime: Lifetime { get }
}
