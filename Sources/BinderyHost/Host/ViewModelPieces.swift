import BinderyJSON

/// One view model's encoded state object as published: the whole object in pieces and each
/// member's value in pieces of its own, so that `get` of one member hands on that member's
/// bytes without parsing the object.
///
/// Guarantees:
/// - ``object`` joined is `{"inputs":{…},"outputs":{…},"commands":{…}}`, and each member's
///   pieces joined is exactly the value that object shows for it.
/// - Every piece is immutable once built (the encoder replaces a member's JSON, never edits it,
///   and a list's chunks are the object's own): holding them costs references, and a later
///   change of the view model copies nothing the published version still holds.
struct ViewModelPieces: Sendable {
    /// The whole state object.
    var object = JSONPieces()
    /// Each member's value: `[part][index]`, parts in the order input, output, command, each
    /// in surface order.
    var members: [[JSONPieces]] = [[], [], []]

    /// The value of the member at `index` of `part` (surface order), nil when there is none.
    func member(_ part: HostEvent.Part, _ index: Int) -> JSONPieces? {
        let members = members[Self.partIndex(part)]
        return members.indices.contains(index) ? members[index] : nil
    }

    /// A part's position in ``members``.
    static func partIndex(_ part: HostEvent.Part) -> Int {
        switch part {
        case .input: 0
        case .output: 1
        case .command: 2
        }
    }
}
