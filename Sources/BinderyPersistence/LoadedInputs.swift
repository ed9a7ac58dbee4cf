/// What `InputStore.loadAll()` found: every readable input, and a report for each row that
/// was skipped because it could not be read.
public struct LoadedInputs: Sendable, Hashable {
    /// The readable inputs, ordered by view model then input name.
    public let inputs: [PersistedInput]
    /// The rows that were skipped, with the reason; empty for a healthy file.
    public let unreadable: [UnreadableInputRow]

    /// Creates a load result.
    public init(inputs: [PersistedInput], unreadable: [UnreadableInputRow]) {
        self.inputs = inputs
        self.unreadable = unreadable
    }
}
