/// How string characters are escaped when JSON text is written. Both forms are valid
/// RFC 8259 text that parses back to the same string; they differ in what else is escaped.
public enum JSONEscaping: Sendable, Hashable {
    /// Only what JSON requires: `"`, `\` and control characters (`\n`, `\r`, `\t`, else
    /// `\u00XX`). Everything else, Unicode included, is written as is — text for people.
    case minimal
    /// ``minimal`` plus `<`, `>`, `&` and DEL as `\u00XX`, so the text is safe to embed in
    /// HTML or a script anywhere — what the daemon serves.
    case htmlSafe

    /// Appends `text` as a JSON string literal, quotes included, to `bytes`.
    public func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Unescaped runs are copied whole; only the rare special byte is handled alone.
            var runStart = 0
            for index in utf8.indices where needsEscape(utf8[index]) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(of: utf8[index], to: &bytes)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string literal, quotes included.
    public func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"): true
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0x7F: self == .htmlSafe
        default: false
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(contentsOf: "u00".utf8)
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
    }
}
