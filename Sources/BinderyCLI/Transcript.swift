/// A transcript of a binderyctl session: commands after the prompt, each followed by the
/// output it is expected to print (results and errors, as a terminal shows them), in the
/// spirit of cram and doctest. `binderyctl --check FILE` replays it against the daemon.
///
/// Format: a line starting with `bindery> ` is a command; the lines after it, up to the next
/// command, are its expected output. In a Markdown file (`.md`) only fenced code blocks whose
/// first line is a command count, so a README's session is checked where it is written.
/// An expected line may be a pattern: `…` matches any text (`finished in … ms`), and a line
/// ending in ` (re)` is a regular expression for the whole line.
public struct Transcript: Sendable, Equatable {
    /// One command and what it should print.
    public struct Step: Sendable, Equatable {
        /// The 1-based line of the command in the file.
        public let line: Int
        public let command: String
        public let expected: [String]

        public init(line: Int, command: String, expected: [String]) {
            self.line = line
            self.command = command
            self.expected = expected
        }
    }

    /// The prompt that marks a command.
    public static let prompt = "bindery> "

    public let steps: [Step]

    /// Parses `text`; `markdown` restricts it to fenced blocks that start with a command.
    public init(parsing text: String, markdown: Bool) {
        var steps: [Step] = []
        var current: (line: Int, command: String, expected: [String])?
        var inBlock = false
        var blockIsTranscript = false
        var blockStart = false
        func close() {
            if let c = current { steps.append(Step(line: c.line, command: c.command, expected: c.expected)) }
            current = nil
        }
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            if markdown {
                if line.hasPrefix("```") {
                    if inBlock { close() }
                    inBlock.toggle()
                    blockStart = inBlock
                    blockIsTranscript = false
                    continue
                }
                guard inBlock else { continue }
                if blockStart {
                    blockStart = false
                    blockIsTranscript = line.hasPrefix(Self.prompt)
                }
                guard blockIsTranscript else { continue }
            }
            if line.hasPrefix(Self.prompt) {
                close()
                current = (index + 1, String(line.dropFirst(Self.prompt.count)), [])
            } else if current != nil {
                current!.expected.append(line)
            }
        }
        close()
        // A plain file's last newline leaves an empty line that is not expected output.
        if !markdown, let last = steps.last, last.expected.last == "" {
            steps[steps.count - 1] = Step(line: last.line, command: last.command, expected: Array(last.expected.dropLast()))
        }
        self.steps = steps
    }

    /// Whether `actual` is what the expected line `pattern` allows (see the type's doc).
    public static func matches(_ pattern: String, _ actual: String) -> Bool {
        if pattern == actual { return true }
        if pattern.hasSuffix(" (re)") {
            guard let regex = try? Regex(String(pattern.dropLast(" (re)".count))) else { return false }
            return (try? regex.wholeMatch(in: actual)) != nil
        }
        guard pattern.contains("…") else { return false }
        let parts = pattern.split(separator: "…", omittingEmptySubsequences: false).map(String.init)
        guard actual.hasPrefix(parts[0]) else { return false }
        var rest = actual.dropFirst(parts[0].count)
        for (i, part) in parts.enumerated().dropFirst() {
            if i == parts.count - 1 { return rest.hasSuffix(part) }
            guard let range = rest.firstRange(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// A line diff of expected against actual under ``matches(_:_:)``: "  " lines that match,
    /// "- " expected lines missing, "+ " actual lines not expected. Empty when all match.
    public static func diff(expected: [String], actual: [String]) -> [String] {
        let n = expected.count, m = actual.count
        // Longest common subsequence by the pattern match, then walk it.
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = matches(expected[i], actual[j]) ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        guard lcs[0][0] < max(n, m) || n != m else { return [] }
        var lines: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, matches(expected[i], actual[j]) {
                lines.append("  " + actual[j]); i += 1; j += 1
            } else if j < m, i == n || lcs[i][j + 1] >= lcs[i + 1][j] {
                lines.append("+ " + actual[j]); j += 1
            } else {
                lines.append("- " + expected[i]); i += 1
            }
        }
        return lines
    }
}
