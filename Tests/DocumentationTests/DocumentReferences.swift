import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What one Markdown document of the repository points at: its relative links (`[text](target)`,
/// images too; not `scheme:` URLs) and the repository paths it names in its text (a word that
/// starts with one of the repository's top-level folders, `scripts/e2e.sh`, `Sources/C*`).
struct DocumentReferences {
    /// A reference and the 1-based line it is on.
    struct Reference: Equatable {
        let text: String
        let line: Int
    }

    let root: URL
    /// The document's path from the repository's root.
    let path: String
    let text: String
    let links: [Reference]
    let paths: [Reference]

    init(root: URL, path: String) throws {
        self.init(root: root, path: path, text: try String(contentsOf: root.appending(path: path), encoding: .utf8))
    }

    init(root: URL, path: String, text: String) {
        self.root = root
        self.path = path
        self.text = text
        let lineStarts = Self.lineStarts(of: text)
        links = Self.matches(of: Self.linkPattern, in: text, lineStarts: lineStarts)
            .filter { $0.text.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) == nil }
        let folders = Self.topLevelFolders(of: root)
        paths = Self.matches(of: Self.pathPattern(folders: folders), in: text, lineStarts: lineStarts)
            .map { Reference(text: Self.trimmingSentencePunctuation($0.text), line: $0.line) }
    }

    /// Whether a link's target exists (relative to this document's folder, as Markdown reads it)
    /// and its `#anchor`, if any, is a heading of the document it leads to.
    func resolves(link: String) -> Bool {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let file = parts[0]
        let target = folder.appending(path: file).standardizedFileURL
        guard file.isEmpty || FileManager.default.fileExists(atPath: target.path) else { return false }
        guard parts.count == 2 else { return true }
        let targetText = file.isEmpty ? text : (try? String(contentsOf: target, encoding: .utf8)) ?? ""
        return Self.anchors(of: targetText).contains(parts[1])
    }

    /// Whether a named path exists from the repository's root, this document's folder, or the
    /// root of an example package (docs/GUIDE.md names the files of `Examples/Login` as the
    /// reader's own package has them). A `*` matches as in the shell.
    func resolves(path named: String) -> Bool {
        var bases = [root, folder]
        let examples = root.appending(path: "Examples")
        if let packages = try? FileManager.default.contentsOfDirectory(atPath: examples.path) {
            bases += packages.map { examples.appending(path: $0) }
        }
        return bases.contains { base in
            let candidate = base.appending(path: named).path
            return named.contains("*") ? Self.globMatches(candidate) : FileManager.default.fileExists(atPath: candidate)
        }
    }

    private var folder: URL { root.appending(path: path).deletingLastPathComponent() }

    // MARK: reading

    private static let linkPattern = #"\]\(([^)\s]+)\)"#

    /// A repository path: one of the top-level folders, a slash, then path characters; not
    /// inside a longer word, a URL or another path (so `https://…/docs/x` and `.build/x` are not).
    private static func pathPattern(folders: [String]) -> String {
        let alternatives = folders.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
        return #"(?<![\w./@~$*-])((?:"# + alternatives + #")/[A-Za-z0-9_.+*/-]*)"#
    }

    /// The folders tracked at the repository's root (hidden ones and the build's are not named
    /// in documents as sources).
    private static func topLevelFolders(of root: URL) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return entries.filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: root.appending(path: name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    /// A sentence's full stop or comma after a path is not part of it.
    private static func trimmingSentencePunctuation(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, ".,:;".contains(last) { text = text.dropLast() }
        return String(text)
    }

    private static func lineStarts(of text: String) -> [Int] {
        var starts = [0]
        for (offset, unit) in text.utf16.enumerated() where unit == 0x0A { starts.append(offset + 1) }
        return starts
    }

    private static func matches(of pattern: String, in text: String, lineStarts: [Int]) -> [Reference] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).compactMap { match in
            guard let range = Range(match.range(at: 1), in: text) else { return nil }
            let offset = match.range(at: 1).location
            let line = lineStarts.lastIndex { $0 <= offset }.map { $0 + 1 } ?? 1
            return Reference(text: String(text[range]), line: line)
        }
    }

    /// The anchors GitHub gives a document's headings: lower-cased, punctuation dropped,
    /// spaces as hyphens.
    static func anchors(of text: String) -> Set<String> {
        var anchors: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let kept = title.lowercased().unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
            }
            anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }

    private static func globMatches(_ pattern: String) -> Bool {
        var found = glob_t()
        defer { globfree(&found) }
        return glob(pattern, 0, nil, &found) == 0 && found.gl_pathc > 0
    }
}
