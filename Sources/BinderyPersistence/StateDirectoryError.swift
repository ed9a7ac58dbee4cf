/// Why the state directory cannot be used (created, locked, owned, written): one line, which
/// binderyd prints as the reason it did not start.
public struct StateDirectoryError: Error, Sendable, CustomStringConvertible {
    /// The explanation.
    public let description: String

    /// An error explained by `description`.
    public init(_ description: String) {
        self.description = description
    }
}
