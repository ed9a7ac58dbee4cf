/// Why a text is not acceptable JSON: one line, with the byte offset where parsing stopped.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The explanation, e.g. "expected ':' at byte 12".
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
