/// Who asked for the work a ``RunCause/named(_:detail:requester:)`` cause names, as a host
/// identifies them (a control client, say): opaque to the core, which only carries it with
/// the cause through every hop, so a run that cause starts — directly, or through a binding,
/// `debounce`, `delay` — can say who asked.
///
/// `@unchecked Sendable`: `identity` is an `AnyHashable` (not `Sendable` itself) made only
/// from a `Sendable` value in ``init(_:)`` and never mutated, so sharing it is safe.
public struct RunRequester: @unchecked Sendable, Hashable {
    private let identity: AnyHashable

    /// A requester identified by `identity`.
    public init(_ identity: some Hashable & Sendable) {
        self.identity = AnyHashable(identity)
    }

    /// The identity given, when it is a `Value`.
    public func identity<Value: Hashable & Sendable>(as _: Value.Type) -> Value? {
        identity.base as? Value
    }
}
