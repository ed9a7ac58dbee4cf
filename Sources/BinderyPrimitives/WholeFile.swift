#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file read or written whole: a session file binderyctl exports or replays, a transcript it
/// checks, a `/proc` file the daemon reports, a page the HTTP server serves. Each failure is one
/// line naming the file and the system's reason; an interrupted call is made again.
package enum WholeFile {
    /// The most bytes read unless a caller says otherwise: a session file of every kept
    /// version is some megabytes.
    package static let defaultLimit = 512 << 20

    /// The file's bytes, or why they cannot be read: it cannot be opened (with
    /// `followingSymlinks: false`, a symbolic link cannot), a read fails, or it holds more than
    /// `limit` bytes. Files whose size the system does not know (`/proc`) are read to their end.
    package static func read(_ path: String, followingSymlinks: Bool = true,
                             limit: Int = defaultLimit) -> Result<[UInt8], WholeFileError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (followingSymlinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { return .failure(.system("cannot read", path)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = retryingInterrupted { chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) } }
            guard count >= 0 else { return .failure(.system("cannot read", path)) }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= limit else {
                return .failure(WholeFileError("cannot read \(path): larger than \(WholeFileError.size(limit))"))
            }
        }
    }

    /// The file's text (its bytes as UTF-8, invalid sequences replaced), or why it cannot be
    /// read, as `read(_:followingSymlinks:limit:)` says.
    package static func text(_ path: String, limit: Int = defaultLimit) -> Result<String, WholeFileError> {
        read(path, limit: limit).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes `bytes` as the file's whole content (creating it, or replacing what it held), or
    /// says why it cannot.
    package static func write(_ bytes: [UInt8], to path: String) -> Result<Void, WholeFileError> {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failure(.system("cannot write", path)) }
        defer { close(descriptor) }
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = retryingInterrupted { rest.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } }
            guard count > 0 else { return .failure(.system("cannot write", path)) }
            rest = rest.dropFirst(count)
        }
        return .success(())
    }
}

/// Why a file could not be read or written: one line, such as
/// `cannot read /tmp/x: No such file or directory`.
package struct WholeFileError: Error, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }

    /// `what path: reason`, the reason being the system's for the `errno` set now.
    static func system(_ what: String, _ path: String) -> WholeFileError {
        WholeFileError("\(what) \(path): \(String(cString: strerror(errno)))")
    }

    /// `limit` bytes in the largest whole unit: "512 MiB", "1 MiB", "4096 bytes".
    static func size(_ limit: Int) -> String {
        limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
    }
}
