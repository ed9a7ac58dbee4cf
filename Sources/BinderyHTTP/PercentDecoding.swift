/// Percent-decoding of URL components (RFC 3986 §2.1), strict about what it accepts.
enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`), returning nil when an
    /// escape is truncated or not hexadecimal, when the result contains a NUL byte, or when it
    /// is not valid UTF-8. Callers treat nil as a malformed request.
    static func decode<Bytes: Collection>(_ encoded: Bytes, plusIsSpace: Bool) -> String?
    where Bytes.Element == UInt8 {
        guard let decoded = decodedBytes(encoded, plusIsSpace: plusIsSpace) else { return nil }
        return String(validating: decoded, as: UTF8.self)
    }

    /// The bytes `encoded` stands for, not yet checked to be UTF-8; nil for a bad escape or a
    /// NUL byte.
    static func decodedBytes<Bytes: Collection>(_ encoded: Bytes, plusIsSpace: Bool) -> [UInt8]?
    where Bytes.Element == UInt8 {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index != encoded.endIndex {
            let byte = encoded[index]
            encoded.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "%"):
                guard index != encoded.endIndex, let high = ASCII.hexValue(encoded[index]) else { return nil }
                encoded.formIndex(after: &index)
                guard index != encoded.endIndex, let low = ASCII.hexValue(encoded[index]) else { return nil }
                encoded.formIndex(after: &index)
                decoded.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                decoded.append(UInt8(ascii: " "))
            default:
                decoded.append(byte)
            }
        }
        guard !decoded.contains(0) else { return nil }
        return decoded
    }
}
