import Foundation

/// One entry of a man page's OPTIONS section: the names its `.TP` tag gives and the value's
/// placeholder, as the roff source writes them (`.BR \-s ", " \-\-socket " \fIPATH\fR"` is
/// `-s`, `--socket` and `PATH`).
public struct ManPageOption: Hashable, CustomStringConvertible {
    /// Every name the entry gives, as typed on a command line.
    public let names: Set<String>
    /// The value's placeholder, nil for a flag.
    public let placeholder: String?

    public init(names: Set<String>, placeholder: String?) {
        self.names = names
        self.placeholder = placeholder
    }

    public var description: String { names.sorted().joined(separator: ", ") + (placeholder.map { " " + $0 } ?? "") }

    /// The entries of the OPTIONS section (from `.SH OPTIONS` to the next `.SH`) of the roff
    /// source `page`: the tag line after each `.TP`.
    public static func entries(inRoff page: String) -> [ManPageOption] {
        let lines = page.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(".SH OPTIONS") }) else { return [] }
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix(".SH") }
        var entries: [ManPageOption] = []
        for (index, line) in zip(section.indices, section) where line.hasPrefix(".TP") && index + 1 < section.endIndex {
            let words = text(ofMacroLine: section[index + 1]).split(separator: " ").map(String.init)
            let names = words.prefix { $0.hasPrefix("-") }.map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
            let rest = words.dropFirst(names.count).joined(separator: " ")
            entries.append(ManPageOption(names: Set(names), placeholder: rest.isEmpty ? nil : rest))
        }
        return entries
    }

    /// The text a font macro line (`.B`, `.BI`, `.BR`, …) prints: its arguments (quoted ones
    /// whole) joined, without spaces for the alternating macros, with font escapes removed and
    /// `\-` as `-`.
    static func text(ofMacroLine line: String) -> String {
        guard line.hasPrefix(".") else { return plain(line) }
        let macro = line.prefix { $0 != " " }
        var arguments: [String] = []
        var current = ""
        var quoted = false
        var inArgument = false
        for character in line.dropFirst(macro.count) {
            if character == "\"" {
                quoted.toggle()
                inArgument = true
            } else if character == " ", !quoted {
                if inArgument { arguments.append(current) }
                current = ""
                inArgument = false
            } else {
                current.append(character)
                inArgument = true
            }
        }
        if inArgument { arguments.append(current) }
        let alternating = macro.count == 3
        return plain(arguments.joined(separator: alternating ? "" : " "))
    }

    private static func plain(_ roff: String) -> String {
        var text = roff.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\&", with: "")
        for font in ["\\fB", "\\fI", "\\fR", "\\fP"] { text = text.replacingOccurrences(of: font, with: "") }
        return text.split(separator: " ").joined(separator: " ")
    }
}
