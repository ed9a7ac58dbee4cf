/// How many terminal columns text takes: East Asian wide and fullwidth characters (西, 東,
/// 验证码) take two, combining marks none, and ANSI colour sequences (`ESC [ … m`) none — so
/// tables with CJK values or coloured cells stay aligned.
public enum DisplayWidth {
    /// The column width of `text`.
    public static func of(_ text: String) -> Int {
        var total = 0
        var escape = EscapeScanner()
        for character in text where !escape.consumes(character) { total += width(of: character) }
        return total
    }

    private static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let v = scalar.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if scalar.properties.generalCategory == .nonspacingMark { return 0 }
        return isWide(v) ? 2 : 1
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` followed by spaces up to `width` columns.
    public static func pad(_ text: String, to width: Int) -> String {
        let w = of(text)
        return w >= width ? text : text + String(repeating: " ", count: width - w)
    }

    /// `text` cut to at most `width` columns, ending in "…" when something was cut. Colour
    /// sequences are kept (not counted), and a reset is added if the cut fell inside one.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        var escape = EscapeScanner()
        var styled = false
        for character in text {
            if escape.consumes(character) {
                result.append(character)
                styled = true
                continue
            }
            let w = self.width(of: character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…" + (styled ? "\u{1B}[0m" : "")
    }

    /// Recognises CSI escape sequences (`ESC [` parameters, a final byte) character by character.
    private struct EscapeScanner {
        private enum State { case text, escape, sequence }
        private var state = State.text

        /// Whether `character` belongs to an escape sequence (and so takes no column).
        mutating func consumes(_ character: Character) -> Bool {
            switch state {
            case .text:
                guard character == "\u{1B}" else { return false }
                state = .escape
                return true
            case .escape:
                state = character == "[" ? .sequence : .text
                return true
            case .sequence:
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) { state = .text }
                return true
            }
        }
    }
}
