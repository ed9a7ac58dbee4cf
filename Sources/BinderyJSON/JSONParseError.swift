/// Why a text is not acceptable JSON: what was wrong and the byte offset where it was found.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, e.g. "expected ':'".
    public let reason: String
    /// The UTF-8 offset into the input where parsing stopped.
    public let offset: Int

    /// An error for `reason` found at byte `offset`.
    public init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// One line: "expected ':' at byte 12".
    public var description: String { "\(reason) at byte \(offset)" }
}
