/// A failure talking to systemd's interfaces; `description` is one line for an operator.
public struct SystemdError: Error, CustomStringConvertible, Sendable {
    /// The one-line explanation.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
