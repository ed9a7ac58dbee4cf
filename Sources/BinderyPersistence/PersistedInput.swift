/// One view-model input as the daemon persisted it: which input, its value as JSON text, and
/// when it last changed.
public struct PersistedInput: Sendable, Hashable {
    /// The view model's name, e.g. "login".
    public let viewModel: String
    /// The input's name, e.g. "mobilePhone".
    public let input: String
    /// The value as JSON text, exactly as it was saved; the caller parses and validates it.
    public let json: String
    /// The state version that showed this value first: restoring applies inputs in this order.
    public let changed: UInt64

    /// Creates a persisted input value.
    public init(viewModel: String, input: String, json: String, changed: UInt64 = 0) {
        self.viewModel = viewModel
        self.input = input
        self.json = json
        self.changed = changed
    }
}
