/// Splits a byte stream into newline-terminated frames of at most ``maximumFrameLength``
/// bytes, without ever buffering more than that.
///
/// Guarantees: a line longer than the limit yields one ``Frame/tooLarge`` as soon as the limit
/// is passed, and the rest of that line is discarded up to its newline; a trailing `\r` is
/// dropped (so `\r\n` clients work); empty lines yield nothing.
public struct LineFramer: Sendable {
    /// One framed unit of input.
    public enum Frame: Sendable, Equatable {
        /// A complete line, without its terminator.
        case line([UInt8])
        /// A line exceeded the limit; it is being discarded.
        case tooLarge
    }

    /// The longest line accepted: 1 MiB.
    public static let defaultMaximumFrameLength = 1 << 20

    /// The longest line accepted, in bytes (without the newline).
    public let maximumFrameLength: Int
    private var buffer: [UInt8] = []
    private var discarding = false

    /// A framer accepting lines of at most `maximumFrameLength` bytes.
    public init(maximumFrameLength: Int = LineFramer.defaultMaximumFrameLength) {
        self.maximumFrameLength = maximumFrameLength
    }

    /// Whether bytes of a line whose newline has not come yet are held (or being discarded).
    public var holdsPartialLine: Bool { !buffer.isEmpty || discarding }

    /// Consumes `bytes` and returns the frames they complete, in order.
    public mutating func feed<Bytes: Collection>(_ bytes: Bytes) -> [Frame] where Bytes.Element == UInt8 {
        var frames: [Frame] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
            let chunk = rest[..<(newline ?? rest.endIndex)]
            if !discarding {
                if buffer.count + chunk.count > maximumFrameLength {
                    buffer.removeAll(keepingCapacity: false)
                    discarding = true
                    frames.append(.tooLarge)
                } else {
                    buffer.append(contentsOf: chunk)
                }
            }
            guard let newline else { break }
            if discarding {
                discarding = false
            } else {
                if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
                if !buffer.isEmpty { frames.append(.line(buffer)) }
                buffer.removeAll(keepingCapacity: buffer.count < 65_536)
            }
            rest = rest[rest.index(after: newline)...]
        }
        return frames
    }
}
