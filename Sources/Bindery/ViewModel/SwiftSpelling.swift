/// A type's name as Swift code writes it: `[String]` for `Array<String>`, `Date?` for
/// `Optional<Date>`, `[String: Int]` for `Dictionary<String, Int>`, other names as the runtime
/// gives them (module prefixes left out). What `show` and the dashboard print for an input's type.
enum SwiftSpelling {
    static func of(_ type: Any.Type) -> String { spelled(Substring(String(describing: type))) }

    private static func spelled(_ name: Substring) -> String {
        guard let open = name.firstIndex(of: "<"), name.last == ">" else { return String(name) }
        let base = name[..<open]
        let arguments = split(name[name.index(after: open)..<name.index(before: name.endIndex)]).map(spelled)
        switch (base, arguments.count) {
        case ("Array", 1): return "[" + arguments[0] + "]"
        case ("Optional", 1): return arguments[0] + "?"
        case ("Dictionary", 2): return "[" + arguments[0] + ": " + arguments[1] + "]"
        default: return String(base) + "<" + arguments.joined(separator: ", ") + ">"
        }
    }

    /// The top-level arguments of a generic argument list ("String, Array<Int>").
    private static func split(_ list: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = list.startIndex
        for index in list.indices {
            switch list[index] {
            case "<": depth += 1
            case ">": depth -= 1
            case "," where depth == 0:
                parts.append(list[start..<index])
                start = list.index(after: index)
            default: break
            }
        }
        parts.append(list[start...])
        return parts.map { $0.drop { $0 == " " } }
    }
}
