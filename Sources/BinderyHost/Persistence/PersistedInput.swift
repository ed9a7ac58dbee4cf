/// One view-model input as the daemon persisted it: which input, and its value as JSON text.
public struct PersistedInput: Sendable, Hashable {
    /// The view model's name, e.g. "login".
    public let viewModel: String
    /// The input's name, e.g. "mobilePhone".
    public let input: String
    /// The value as JSON text, exactly as it was saved; the caller parses and validates it.
    public let json: String

    /// Creates a persisted input value.
    public init(viewModel: String, input: String, json: String) {
        self.viewModel = viewModel
        self.input = input
        self.json = json
    }
}
