#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file read or written whole: a session file binderyctl exports or replays, a test it
/// writes. Each failure is one line naming the file and the system's reason.
enum WholeFile {
    /// The most bytes read: a session file of every kept version is some megabytes.
    static let maximumSize = 512 << 20

    /// The file's bytes, or why they cannot be read.
    static func read(_ path: String) -> Result<[UInt8], WholeFileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(WholeFileError("cannot read \(path): \(String(cString: strerror(errno)))")) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return .failure(WholeFileError("cannot read \(path): \(String(cString: strerror(errno)))")) }
            if n == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<n])
            guard bytes.count <= maximumSize else { return .failure(WholeFileError("cannot read \(path): larger than 512 MiB")) }
        }
    }

    /// Writes `bytes` as the file's whole content (replacing it), or says why it cannot.
    static func write(_ bytes: [UInt8], to path: String) -> Result<Void, WholeFileError> {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return .failure(WholeFileError("cannot write \(path): \(String(cString: strerror(errno)))")) }
        defer { close(fd) }
        var rest = bytes[...]
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return .failure(WholeFileError("cannot write \(path): \(String(cString: strerror(errno)))")) }
            rest = rest.dropFirst(n)
        }
        return .success(())
    }
}

/// Why a file could not be read or written: one line.
struct WholeFileError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
