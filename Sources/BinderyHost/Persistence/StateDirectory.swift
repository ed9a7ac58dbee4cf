#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BinderySQLite
import Glibc

/// The daemon's state directory, held by one daemon at a time and checked before use.
///
/// Guarantees:
/// - ``init(path:)`` creates the directory if needed and takes an exclusive `flock` on
///   `binderyd.lock` inside it, writing this process's id there; a second daemon on the same
///   directory fails with a message naming the holder's pid. The lock lasts until the
///   process exits (the descriptor is never closed), so it is never released early, and the
///   kernel releases it however the process ends (`kill -9` included).
/// - A directory that cannot be written (read-only mount, permissions) fails ``init(path:)``.
/// - ``check()`` finds state databases that would silently start empty or fail later: a file
///   that exists but is empty or unreadable, a write-ahead log whose header is not SQLite's
///   (overwritten), a file that is not a database, and one that fails SQLite's integrity check.
/// - ``moveAside(_:)`` renames a damaged database's files (with its `-wal` and `-shm`) to
///   `<name>.damaged-<UTC timestamp>`, so a fresh one is created and nothing is deleted.
public final class StateDirectory: Sendable {
    /// The lock file's name inside the directory.
    public static let lockFileName = "binderyd.lock"
    /// The directory.
    public let path: String
    /// The databases checked here: the host's `state.sqlite` first, then those the hosted view
    /// models keep in the directory (the demo's model store, say), which the host does not know.
    public let databaseFileNames: [String]

    /// A state database that failed ``check()``.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The database file's path.
        public let file: String
        /// What is wrong, one line.
        public let reason: String
        public var description: String { "state database \(file) \(reason)" }
    }

    /// Creates `path` if missing, checks it can be written and locks it (see above);
    /// ``check()`` covers `state.sqlite` and `otherDatabases` (file names inside `path`).
    public init(path: String, otherDatabases: [String] = []) throws(DaemonSetupError) {
        self.path = path
        self.databaseFileNames = [InputStore.fileName] + otherDatabases.filter { $0 != InputStore.fileName }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw DaemonSetupError("cannot create the state directory \(path): \(Self.reason(of: error))")
        }
        let lockPath = path + "/" + Self.lockFileName
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EROFS || code == EACCES || code == EPERM {
                throw DaemonSetupError("the state directory \(path) is not writable (\(String(cString: strerror(code)))); binderyd keeps its state there")
            }
            throw DaemonSetupError("cannot open \(lockPath): \(String(cString: strerror(code)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = pread(descriptor, &buffer, buffer.count, 0)
            close(descriptor)
            let holder = count > 0 ? String(decoding: buffer[..<count].filter { $0 > 0x20 }, as: UTF8.self) : ""
            if code == EWOULDBLOCK {
                throw DaemonSetupError("the state directory \(path) is in use by another binderyd (pid \(holder.isEmpty ? "unknown" : holder)); one daemon per state directory")
            }
            throw DaemonSetupError("cannot lock \(lockPath): \(String(cString: strerror(code)))")
        }
        let pid = Array("\(getpid())\n".utf8)
        guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, pid, pid.count, 0) == pid.count else {
            let code = errno
            close(descriptor)
            throw DaemonSetupError("the state directory \(path) is not writable (\(String(cString: strerror(code))))")
        }
    }

    /// The problems of every state database in the directory; empty when all are usable.
    public func check() -> [Problem] {
        databaseFileNames.compactMap { name in
            let file = path + "/" + name
            return Self.problem(ofDatabase: file).map { Problem(file: file, reason: $0) }
        }
    }

    /// Renames each problem database's files aside; returns one line per file moved.
    public func moveAside(_ problems: [Problem]) throws(DaemonSetupError) -> [String] {
        let stamp = Self.timestamp()
        var moved: [String] = []
        for problem in problems {
            for suffix in ["", "-wal", "-shm"] {
                let from = problem.file + suffix
                guard access(from, F_OK) == 0 else { continue }
                let to = from + ".damaged-" + stamp
                guard rename(from, to) == 0 else {
                    throw DaemonSetupError("cannot move \(from) aside: \(String(cString: strerror(errno)))")
                }
                moved.append("moved \(from) to \(to)")
            }
        }
        return moved
    }

    /// Why the database at `file` cannot be used, or nil (a missing file is fine: it is created).
    static func problem(ofDatabase file: String) -> String? {
        var info = stat()
        guard stat(file, &info) == 0 else {
            return errno == ENOENT ? nil : "cannot be examined: \(String(cString: strerror(errno)))"
        }
        guard info.st_size > 0 else { return "exists but is empty (0 bytes)" }
        let probe = open(file, O_RDONLY | O_CLOEXEC)
        guard probe >= 0 else { return "cannot be read: \(String(cString: strerror(errno)))" }
        var byte: UInt8 = 0
        let readable = read(probe, &byte, 1) == 1
        close(probe)
        guard readable else { return "cannot be read" }
        if let walProblem = problem(ofWriteAheadLog: file + "-wal") { return walProblem }
        do {
            let database = try SQLiteDatabase(.file(path: file))
            let rows = try database.query("PRAGMA integrity_check")
            let verdict = rows.compactMap { try? $0.value(at: 0, as: String.self) }
            guard verdict == ["ok"] else {
                return "fails SQLite's integrity check: " + verdict.prefix(3).joined(separator: "; ")
            }
        } catch {
            return "cannot be opened: \(error)"
        }
        return nil
    }

    /// Why a write-ahead log is not SQLite's, or nil (missing or empty is fine). Checks the
    /// 32-byte header: magic, format version and the header checksum (sqlite.org/fileformat).
    static func problem(ofWriteAheadLog file: String) -> String? {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? nil : "has a write-ahead log that cannot be read: \(String(cString: strerror(errno)))"
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 32)
        let count = read(descriptor, &header, 32)
        if count == 0 { return nil }
        let damaged = "has a damaged write-ahead log (\(file): not an SQLite WAL header)"
        guard count == 32 else { return damaged }
        func word(_ offset: Int, bigEndian: Bool = true) -> UInt32 {
            let bytes = header[offset..<offset + 4].map(UInt32.init)
            return bigEndian ? bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3]
                             : bytes[3] << 24 | bytes[2] << 16 | bytes[1] << 8 | bytes[0]
        }
        let magic = word(0)
        guard magic == 0x377F_0682 || magic == 0x377F_0683, word(4) == 3_007_000 else { return damaged }
        // Checksum words are read in the byte order the magic names (…83: big-endian).
        let bigEndian = magic & 1 == 1
        var s0: UInt32 = 0, s1: UInt32 = 0
        for offset in stride(from: 0, to: 24, by: 8) {
            s0 = s0 &+ word(offset, bigEndian: bigEndian) &+ s1
            s1 = s1 &+ word(offset + 4, bigEndian: bigEndian) &+ s0
        }
        guard s0 == word(24), s1 == word(28) else { return damaged }
        return nil
    }

    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }

    private static func reason(of error: any Error) -> String {
        String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
