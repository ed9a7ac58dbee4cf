/// Why binderyd could not start serving: one line.
public struct DaemonSetupError: Error, Sendable, CustomStringConvertible {
    /// The explanation.
    public let description: String

    /// An error explained by `description`.
    public init(_ description: String) {
        self.description = description
    }
}
