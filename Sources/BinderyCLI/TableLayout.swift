/// How tables are laid out for the reader: the terminal's width (nil off a terminal, where
/// nothing is cut) and psql's `\x` expanded mode.
public struct TableLayout: Sendable, Equatable {
    /// `\x`: `off` prints rows, `on` one field per line, `auto` rows when they fit the width.
    public enum Expanded: String, Sendable, Equatable {
        case off, on, auto
    }

    /// Columns available; tables wider than this have their widest cells cut with "…".
    public var width: Int?
    public var expanded: Expanded

    public init(width: Int? = nil, expanded: Expanded = .off) {
        self.width = width
        self.expanded = expanded
    }
}
