/// One saved piece of a view model's state besides its inputs: a stored member behind its
/// outputs (`store`), a command's runs, last value and last error (`command`), or an output's
/// value as it was shown (`output`, to compare with its recomputed value after a restore).
public struct PersistedMember: Sendable, Hashable {
    /// What the row holds.
    public enum Kind: String, Sendable, Hashable {
        case store, command, output
    }

    /// The view model's name, e.g. "products".
    public let viewModel: String
    /// What the row holds.
    public let kind: Kind
    /// The member's name or path, e.g. "cells", "client.requestCount", "refresh".
    public let name: String
    /// The value as JSON text.
    public let json: String

    /// A saved member.
    public init(viewModel: String, kind: Kind, name: String, json: String) {
        self.viewModel = viewModel
        self.kind = kind
        self.name = name
        self.json = json
    }
}
