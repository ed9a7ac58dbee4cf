/// Shortens text a user typed before it is quoted back in a message, so a mistyped
/// megabyte-long value costs one short line, not a screenful.
public enum Excerpt {
    /// `text` if it has at most `limit` characters, else its first `limit` characters and "…"
    /// with the total length: "aaaaaaaa… (900000 characters)".
    public static func of(_ text: String, limit: Int = 40) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.count) characters)"
    }
}
