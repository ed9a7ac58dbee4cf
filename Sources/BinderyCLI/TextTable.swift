/// An aligned text table: a header row and data rows, columns padded to their widest cell by
/// display width, two spaces apart, trailing spaces trimmed. Given a width it fits: the
/// widest columns are narrowed and their cells cut with "…". Expanded, it prints one field
/// per line under a `-[ N ]-` rule per row, as psql's `\x`.
public struct TextTable: Sendable {
    public let header: [String]
    public private(set) var rows: [[String]] = []

    /// The narrowest a column is cut to (enough for "ab…").
    static let minimumColumnWidth = 3

    public init(header: [String]) { self.header = header }

    /// Adds a row; missing cells are empty, extra cells are dropped.
    public mutating func append(_ row: [String]) {
        rows.append((0..<header.count).map { $0 < row.count ? row[$0] : "" })
    }

    /// The table's lines, indented by `indent` spaces; the header in bold when styled.
    public func lines(indent: Int = 0, style: Style = Style(enabled: false), layout: TableLayout = TableLayout()) -> [String] {
        var widths = header.indices.map { column in
            ([header[column]] + rows.map { $0[column] }).map(DisplayWidth.of).max() ?? 0
        }
        let prefix = String(repeating: " ", count: indent)
        func total() -> Int { indent + widths.reduce(0, +) + 2 * max(0, widths.count - 1) }
        let fits = layout.width.map { total() <= $0 } ?? true
        if layout.expanded == .on || (layout.expanded == .auto && !fits) {
            return expanded(prefix: prefix, style: style, width: layout.width)
        }
        if let limit = layout.width {
            while total() > limit, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
                  widths[widest] > Self.minimumColumnWidth {
                widths[widest] -= 1
            }
        }
        func render(_ cells: [String]) -> String {
            var line = ""
            for (column, cell) in cells.enumerated() {
                let fitted = DisplayWidth.truncate(cell, to: widths[column])
                line += column == cells.count - 1 ? fitted : DisplayWidth.pad(fitted, to: widths[column]) + "  "
            }
            while line.last == " " { line.removeLast() }
            return prefix + line
        }
        return [style.bold(render(header))] + rows.map(render)
    }

    /// One `-[ N ]-` rule per row, then `HEADER  value` lines; values are never cut.
    private func expanded(prefix: String, style: Style, width: Int?) -> [String] {
        let keyWidth = header.map(DisplayWidth.of).max() ?? 0
        var lines: [String] = []
        for (number, row) in rows.enumerated() {
            let title = "-[ \(number + 1) ]"
            let ruleWidth = max(title.count + 1, min(width.map { $0 - prefix.count } ?? 40, 40))
            lines.append(prefix + style.dim(title + String(repeating: "-", count: ruleWidth - title.count)))
            for (key, cell) in zip(header, row) {
                var line = prefix + style.bold(DisplayWidth.pad(key, to: keyWidth)) + "  " + cell
                while line.last == " " { line.removeLast() }
                lines.append(line)
            }
        }
        if rows.isEmpty { lines.append(prefix + "(no rows)") }
        return lines
    }
}
