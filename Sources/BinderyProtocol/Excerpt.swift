import BinderyJSON

/// The one rule for quoting back what a user typed in an error message, shared by the core's
/// surface errors, the daemon and binderyctl: a mistyped megabyte costs one short line, not a
/// screenful, and every program cuts it the same way.
///
/// Rule: text of at most ``limit`` characters is quoted whole; longer text is quoted as its
/// first ``limit`` characters and "…", followed by its size:
/// `"xxxxxxxx…" (5,000 characters)`. Characters here are Unicode scalars, not grapheme
/// clusters (one letter with a million combining marks is one cluster), so an excerpt is
/// short whatever the text.
public enum Excerpt {
    /// How many characters of a long value are quoted.
    public static let limit = 40

    /// `text` quoted by `quote` (by default as a JSON string, BinderyJSON's minimal escaping:
    /// quotes, backslashes and control characters escaped, so the message stays one line), cut
    /// to ``limit`` characters and "…" with the size after the closing quote when it is longer.
    public static func quoted(_ text: String, quote: (String) -> String = JSONEscaping.minimal.quoted) -> String {
        let count = text.unicodeScalars.count
        guard count > limit else { return quote(text) }
        return quote(prefix(of: text) + "…") + " (" + characters(count) + ")"
    }

    /// Text that is already a rendering (a list, a record, a name), cut the same way but not
    /// quoted: `[1, 2, 3, …] (90,000 characters)`.
    public static func of(_ text: String) -> String {
        let count = text.unicodeScalars.count
        guard count > limit else { return text }
        return prefix(of: text) + "… (" + characters(count) + ")"
    }

    /// The first ``limit`` Unicode scalars of `text`.
    private static func prefix(of text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.prefix(limit))
        return String(scalars)
    }

    /// "1 character", "5,000 characters": the size as the rule prints it.
    public static func characters(_ count: Int) -> String {
        count == 1 ? "1 character" : grouped(count) + " characters"
    }

    /// `text` in single quotes, as names and words are quoted back: `'lgoin'`.
    public static func singleQuoted(_ text: String) -> String { "'" + text + "'" }

    /// `12345` → "12,345": thousands separated by commas, as the messages are English.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return number < 0 ? "-" + out : out
    }
}
