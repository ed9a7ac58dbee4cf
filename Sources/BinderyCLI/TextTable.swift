/// An aligned text table: a header row and data rows, columns padded to their widest cell by
/// display width, two spaces apart, trailing spaces trimmed.
public struct TextTable: Sendable {
    public let header: [String]
    public private(set) var rows: [[String]] = []

    public init(header: [String]) { self.header = header }

    /// Adds a row; missing cells are empty, extra cells are dropped.
    public mutating func append(_ row: [String]) {
        rows.append((0..<header.count).map { $0 < row.count ? row[$0] : "" })
    }

    /// The table's lines, indented by `indent` spaces; the header in bold when styled.
    public func lines(indent: Int = 0, style: Style = Style(enabled: false)) -> [String] {
        let widths = header.indices.map { column in
            ([header[column]] + rows.map { $0[column] }).map(DisplayWidth.of).max() ?? 0
        }
        let prefix = String(repeating: " ", count: indent)
        func render(_ cells: [String]) -> String {
            var line = ""
            for (column, cell) in cells.enumerated() {
                line += column == cells.count - 1 ? cell : DisplayWidth.pad(cell, to: widths[column]) + "  "
            }
            while line.last == " " { line.removeLast() }
            return prefix + line
        }
        return [style.bold(render(header))] + rows.map(render)
    }
}
