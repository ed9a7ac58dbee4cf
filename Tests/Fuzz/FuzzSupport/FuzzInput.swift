/// A fuzzer's bytes read as the parts of a structured input: a harness takes a selector byte,
/// a length or a line from the front and hands the rest to the parser. Reading past the end
/// gives zeros and empty parts, never a trap, so every byte string is a valid input.
public struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    /// The input `bytes`, read from the front.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes[...]
    }

    /// Whether every byte has been read.
    public var isEmpty: Bool { bytes.isEmpty }

    /// The next byte, or 0 when none is left.
    public mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// The next byte as a number below `count` (which must be positive).
    public mutating func choice(_ count: Int) -> Int {
        Int(byte()) % count
    }

    /// The next line without its `\n` (all that is left when no newline is), or nil when
    /// nothing is left.
    public mutating func line() -> [UInt8]? {
        guard !bytes.isEmpty else { return nil }
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        let line = Array(bytes[..<end])
        bytes = end == bytes.endIndex ? bytes[end...] : bytes[(end + 1)...]
        return line
    }

    /// Up to the next `count` bytes.
    public mutating func take(_ count: Int) -> [UInt8] {
        let taken = Array(bytes.prefix(count))
        bytes = bytes.dropFirst(count)
        return taken
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        defer { bytes = bytes[bytes.endIndex...] }
        return Array(bytes)
    }
}
