import Bindery

/// What one commit of the state database writes, in one transaction: the inputs and other
/// members that changed, the event-log entries of its versions, and the newest version it
/// makes durable.
public struct StateBatch: Sendable {
    /// Inputs that changed (a later change of one input replaces the earlier).
    public var inputs: [PersistedInput] = []
    /// Other members that changed.
    public var members: [PersistedMember] = []
    /// Edits of stored lists, in order, each row as JSON text: a list is saved row by row,
    /// so an edit costs what it changes, whatever the list's length.
    public var listEdits: [(viewModel: String, name: String, edits: [ListChange<String>])] = []
    /// Logged events, oldest first: their version and JSON object.
    public var events: [(version: UInt64, json: [UInt8])] = []
    /// History rows, oldest first: a version's change-feed entries (one JSON array) or, at a
    /// checkpoint, its whole `/api/state` document.
    public var history: [(version: UInt64, checkpoint: Bool, json: [UInt8])] = []
    /// The most bytes of history rows kept: older checkpoints and their versions go first,
    /// the newest checkpoint stays (0: all).
    public var historyBudget = 0
    /// Saved states of the view models' stateful operators (``PersistedSeed``): only the slots
    /// that changed, each replacing its earlier row.
    public var seeds: [PersistedSeed] = []
    /// Scopes whose saved seeds are all dropped before ``seeds`` are written (a start whose
    /// construction no longer matches them writes its slots anew).
    public var replacedSeedScopes: [String] = []
    /// The newest version the batch makes durable (0: none).
    public var version: UInt64 = 0

    /// An empty batch.
    public init() {}
}
