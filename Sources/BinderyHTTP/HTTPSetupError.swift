/// Why an HTTP server or a static-file directory could not be set up; `description` is one
/// line meant for an operator (it names the address or path and the system's reason).
public struct HTTPSetupError: Error, CustomStringConvertible, Sendable {
    /// The one-line explanation.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
