/// How many terminal columns text takes: East Asian wide and fullwidth characters (西, 東,
/// 验证码) take two, combining marks none; so tables with CJK values stay aligned.
public enum DisplayWidth {
    /// The column width of `text`.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
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
}
