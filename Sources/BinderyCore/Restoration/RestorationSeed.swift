/// The saved state of one slot of a ``RestorationScope``: what a host read from a slot
/// (``RestorationSlot/current()``) when it saved a version, handed back when the view model
/// is built again.
///
/// The core does not choose the storage format (it has no JSON coder of its own): a host
/// encodes a slot's value, which is `Encodable` whenever the slot's outcome is not
/// ``RestorationSlot/Outcome/notCodable(typeName:)``, in whatever format it keeps, and gives
/// the seed a `decoding` closure that decodes those bytes into the type the operator asks
/// for. The decoding happens where that type is known: in the operator, as it is created.
public struct RestorationSeed: Sendable {
    /// The index of the slot this state was read from (``RestorationSlot/index``).
    public let index: Int
    /// The signature of the slot this state was read from (``RestorationSlot/signature``).
    /// The seed is only used by a slot with the same signature.
    public let signature: String
    /// How the state is obtained, given the type the operator keeps.
    let state: State

    @usableFromInline enum State: Sendable {
        /// A value already of the operator's state type (an in-process rebuild).
        case value(any Sendable)
        /// Decodes the saved bytes into the type given.
        case decoding(@Sendable (any Decodable.Type) throws -> any Decodable)
    }

    /// A seed whose state is decoded by `decoding` into the type the operator asks for (a
    /// host's `JSONDecoder` over the bytes it saved). A seed that throws, or decodes into
    /// another type, is not used: the slot and every later one start fresh
    /// (``RestorationSlot/Outcome/mismatched``).
    public init(index: Int, signature: String, decoding: @escaping @Sendable (any Decodable.Type) throws -> any Decodable) {
        self.index = index
        self.signature = signature
        state = .decoding(decoding)
    }

    /// A seed whose state is `value`, already of the operator's state type (a view model
    /// built again in the same process). A value of another type is not used: the slot and
    /// every later one start fresh (``RestorationSlot/Outcome/mismatched``).
    public init(index: Int, signature: String, value: any Sendable) {
        self.index = index
        self.signature = signature
        state = .value(value)
    }

    /// The state as a `Wanted`, or why it cannot be one.
    func decoded<Wanted>(as type: Wanted.Type) -> Result<Wanted, RestorationMismatch.Reason> {
        switch state {
        case let .value(value):
            guard let wanted = value as? Wanted else { return .failure(.undecodable("the seed holds a \(Swift.type(of: value)), the operator keeps a \(Wanted.self)")) }
            return .success(wanted)
        case let .decoding(decode):
            guard let decodable = Wanted.self as? any Decodable.Type else { return .failure(.undecodable("\(Wanted.self) is not Decodable")) }
            do {
                guard let wanted = try decode(decodable) as? Wanted else {
                    return .failure(.undecodable("the decoder returned another type than \(Wanted.self)"))
                }
                return .success(wanted)
            } catch {
                return .failure(.undecodable("\(error)"))
            }
        }
    }
}
