import Foundation
import Testing

/// A figure without the code it measured cannot be compared with a later one: every table of
/// BENCHMARKS.md is followed by "Measured on commit `…`", naming commits this repository has.
@Suite struct BenchmarkProvenanceTests {
    static let root = DocumentReferencesTests.root
    static var gitIsAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appending(path: ".git").path)
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
    }

    @Test func everyTableNamesItsCommit() throws {
        let text = try String(contentsOf: Self.root.appending(path: "BENCHMARKS.md"), encoding: .utf8)
        let tables = BenchmarkTables(text: text)
        #expect(tables.count > 10)
        for table in tables.tables {
            #expect(!table.commits.isEmpty, "BENCHMARKS.md:\(table.line): the table is not followed by \"Measured on commit `…`.\"")
        }
    }

    @Test(.enabled(if: gitIsAvailable, "needs git and this checkout's history"), .timeLimit(.minutes(1)))
    func everyNamedCommitExists() throws {
        let text = try String(contentsOf: Self.root.appending(path: "BENCHMARKS.md"), encoding: .utf8)
        let commits = Set(BenchmarkTables(text: text).tables.flatMap(\.commits))
        #expect(!commits.isEmpty)
        for commit in commits.sorted() {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            git.arguments = ["-C", Self.root.path, "cat-file", "-e", commit + "^{commit}"]
            git.standardError = FileHandle.nullDevice
            try git.run()
            git.waitUntilExit()
            #expect(git.terminationStatus == 0, "BENCHMARKS.md names commit \(commit), which this repository does not have")
        }
    }

    @Test func aTableWithoutItsCommitIsFound() {
        let tables = BenchmarkTables(text: """
            | a | b |
            | --- | --- |
            | 1 | 2 |

            Measured on commits `11a301d` and `1791df0`.

            | c |
            | --- |

            Some prose, `abcdef0`.
            """)
        #expect(tables.tables.map(\.line) == [1, 7])
        #expect(tables.tables.map(\.commits) == [["11a301d", "1791df0"], []])
    }
}

/// The tables of a benchmark document and the commits named by the line after each.
struct BenchmarkTables {
    struct Table: Equatable {
        /// The 1-based line of the table's first row.
        let line: Int
        let commits: [String]
    }

    let tables: [Table]
    var count: Int { tables.count }

    init(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var tables: [Table] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("|") else { index += 1; continue }
            let first = index
            while index < lines.count, lines[index].hasPrefix("|") { index += 1 }
            var next = index
            while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty { next += 1 }
            let note = next < lines.count ? lines[next] : ""
            tables.append(Table(line: first + 1, commits: note.hasPrefix("Measured on commit") ? Self.commits(in: note) : []))
        }
        self.tables = tables
    }

    private static func commits(in line: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: "`([0-9a-f]{7,40})`") else { return [] }
        return expression.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap {
            Range($0.range(at: 1), in: line).map { String(line[$0]) }
        }
    }
}
