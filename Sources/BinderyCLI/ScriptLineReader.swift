#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import BinderyPrimitives

/// Reads a script's lines from a file descriptor (stdin or a `-f` file) without ever holding
/// more than one line of at most `limit` bytes: a longer line is reported as soon as the limit
/// is passed — its text is neither kept nor echoed — and the rest of it is skipped up to its
/// newline only if reading goes on. (`readLine()` would first buffer a line of any length.)
public struct ScriptLineReader {
    /// One line of a script.
    public enum Line: Sendable, Equatable {
        /// A line, without its newline (and without a trailing `\r`).
        case text(String)
        /// A line longer than the limit; it had at least `bytes` bytes.
        case tooLong(bytes: Int)
    }

    private let fd: Int32
    private let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var skipping = false

    /// Reads from `fd` (not closed here); lines of more than `limit` bytes are `.tooLong`.
    public init(fd: Int32, limit: Int = Session.maximumLineLength) {
        self.fd = fd
        self.limit = limit
    }

    /// The next line, or nil at the end of input.
    public mutating func next() -> Line? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                if skipping { skipping = false; continue }
                if line.count > limit { return .tooLong(bytes: line.count) }
                return .text(Self.decode(line))
            }
            if !skipping, buffer.count - start > limit {
                let bytes = buffer.count - start
                skipping = true
                buffer.removeAll(keepingCapacity: true)
                start = 0
                return .tooLong(bytes: bytes)
            }
            if skipping { buffer.removeAll(keepingCapacity: true); start = 0 }
            if atEnd {
                guard start < buffer.count, !skipping else { return nil }
                let line = buffer[start...]
                start = buffer.count
                if line.count > limit { return .tooLong(bytes: line.count) }
                return .text(Self.decode(line))
            }
            fill()
        }
    }

    private mutating func fill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = retryingInterrupted { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
        if n <= 0 { atEnd = true; return }
        buffer.append(contentsOf: chunk[0..<n])
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var bytes = bytes
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
