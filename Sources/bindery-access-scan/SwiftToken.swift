/// One token of Swift source, as far as ``ClassMemberScanner`` needs to tell them apart:
/// comments and whitespace are gone, and a string literal (with its interpolations) is one token.
struct SwiftToken: Equatable {
    enum Kind: Equatable {
        /// A name or a keyword; `escaped` when written in backticks (`` `default` ``), which
        /// makes a keyword a plain name.
        case identifier(escaped: Bool)
        /// `@name`: an attribute (its arguments, if any, follow as ordinary tokens).
        case attribute
        /// `#name`: a compiler directive (`#if`, `#endif`) or a pound expression (`#selector`).
        case pound
        /// A string literal of any kind, whole.
        case string
        case number
        /// A run of operator characters (`=`, `->`, `?`, `>>`), or `.` alone.
        case `operator`
        /// One of `{ } ( ) [ ] , : ;`.
        case punctuation
    }

    let kind: Kind
    /// The token as written (a string literal's text is left out: nothing needs it).
    let text: String
    /// Whether the token is the first on its line.
    let startsLine: Bool

    /// Whether this is the unescaped keyword or name `word`.
    func isWord(_ word: String) -> Bool { kind == .identifier(escaped: false) && text == word }

    /// Whether this is the punctuation `mark`.
    func isPunctuation(_ mark: String) -> Bool { kind == .punctuation && text == mark }

    var isIdentifier: Bool { if case .identifier = kind { true } else { false } }
}
