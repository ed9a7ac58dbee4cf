import BinderyProtocol
import Foundation
import Testing

/// docs/PROTOCOL.md's op table is the protocol's declared ops (`ControlOp`, which binderyctl
/// sends from and binderyd's handler switches over exhaustively): one row per op, in order,
/// each naming exactly the fields the op declares.
@Suite struct ProtocolOpTableTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The rows of the table headed `| op | fields | …`: each row's op and the back-quoted
    /// words of its fields column.
    static func rows() throws -> [(op: String, fields: [String])] {
        let text = try String(contentsOf: root.appending(path: "docs/PROTOCOL.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| op | fields |") }) else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("| `") }.map { line in
            let cells = line.components(separatedBy: " | ")
            return (op: quoted(in: cells[0]).first ?? "", fields: quoted(in: cells[1]))
        }
    }

    /// The back-quoted words of `cell`, in order (`true`, `false` and numbers left out).
    static func quoted(in cell: String) -> [String] {
        cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            .filter { $0.first?.isLetter == true && $0 != "true" && $0 != "false" }
    }

    @Test func theOpTableListsExactlyTheDeclaredOps() throws {
        let rows = try Self.rows()
        #expect(rows.map(\.op) == ControlOp.names, "PROTOCOL.md's ops \(rows.map(\.op)), declared \(ControlOp.names)")
    }

    @Test func eachOpsRowNamesExactlyItsDeclaredFields() throws {
        for row in try Self.rows() {
            guard let op = ControlOp(rawValue: row.op) else { continue }
            #expect(row.fields == op.fields.map(\.rawValue), "PROTOCOL.md's \(row.op) row names \(row.fields), declared \(op.fields)")
        }
    }
}
