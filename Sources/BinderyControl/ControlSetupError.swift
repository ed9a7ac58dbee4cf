/// Why the control socket could not be set up: one line.
public struct ControlSetupError: Error, Sendable, CustomStringConvertible {
    /// The explanation.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
