import Foundation
import Testing

/// A numbered section is named by its number ("docs/GUIDE.md §7", "CONTRACTS §20"), so no two
/// top-level sections of a document may share one, and they count up from 1 in order.
@Suite struct SectionNumberTests {
    /// The numbers of `text`'s numbered top-level headings ("## 7. …"), in order.
    static func sectionNumbers(_ text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            guard line.hasPrefix("## ") else { return nil }
            let digits = line.dropFirst(3).prefix { $0.isNumber }
            guard !digits.isEmpty, line.dropFirst(3 + digits.count).hasPrefix(". ") else { return nil }
            return Int(digits)
        }
    }

    @Test func numbersAreReadOnlyFromNumberedTopLevelHeadings() {
        #expect(Self.sectionNumbers("# Title\n## 1. One\n### 1.5 not top level\n## Unnumbered\n## 2. Two\n##3. no space") == [1, 2])
    }

    @Test(arguments: ["docs/GUIDE.md", "docs/CONTRACTS.md"])
    func sectionsAreNumberedOnceEachInOrder(path: String) throws {
        let text = try String(contentsOf: DocumentReferencesTests.root.appending(path: path), encoding: .utf8)
        let numbers = Self.sectionNumbers(text)
        #expect(numbers.count >= 5, "\(path) has numbered sections")
        #expect(numbers == Array(1...max(1, numbers.count)), "\(path): sections numbered \(numbers)")
    }
}
