/// A backslash command's keyword (psql's `\?`, `\x`, `\q`), one case per command in the order
/// `help` lists them: ``CommandTable/backslashCommands`` is built from ``allCases`` and the
/// parser switches over it exhaustively, as for ``CommandKeyword``.
public enum BackslashKeyword: CaseIterable, Sendable {
    case quickHelp, expanded, quit

    /// The command's entry: usage, summary, details and aliases.
    public var spec: CommandSpec {
        switch self {
        case .quickHelp:
            return CommandSpec(name: "\\?", aliases: ["\\h"], summary: "All commands' usage in one screen.")
        case .expanded:
            return CommandSpec(name: "\\x", arguments: [ArgumentSpec("on|off|auto", .commandWord, optional: true)],
                               summary: "Expanded: one field per line (auto: when too wide).",
                               details: ["Without an argument it toggles."])
        case .quit:
            return CommandSpec(name: "\\q", summary: "Quit.")
        }
    }
}
