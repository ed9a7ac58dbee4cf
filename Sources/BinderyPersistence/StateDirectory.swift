#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Bindery
import BinderyPrimitives
import BinderySQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The daemon's state directory, held by one daemon at a time and checked before use.
///
/// Guarantees:
/// - ``init(path:otherDatabases:program:)`` creates the directory if needed, refuses one owned
///   by another user, and takes exclusive `flock`s on `binderyd.lock` inside it (writing this
///   process's id there), on the directory itself and on every state database in it; a
///   second daemon on the same directory fails with a message naming the holder's pid — also
///   when the lock file was deleted, since the directory and database locks remain. The locks
///   last until the process exits (the descriptors are never closed), and the kernel releases
///   them however the process ends (`kill -9` included).
/// - The lock file is opened without following a symbolic link and used only when it is a
///   regular file of this user with no other hard link: a planted link (to a file anyone
///   else cares about) is refused, never written or truncated.
/// - A directory this process cannot create files in (read-only mount, permissions) fails
///   ``init(path:otherDatabases:program:)``.
/// - ``check()`` finds state databases that would silently start empty or fail later: a file
///   that exists but is empty or unreadable, a write-ahead log whose header is not SQLite's
///   (overwritten), a file that is not a database, and one that fails SQLite's integrity
///   check. A database another process merely has locked or busy is not damaged: it is a
///   ``Problem`` with ``Problem/isDamage`` false, naming the holder where `/proc/locks` tells.
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
    /// The program's name, for messages ("in use by another logind").
    private let program: String
    /// The databases locked so far (their descriptors stay open for the process's life).
    private let lockedDatabases = Lock<Set<String>>([])

    /// A state database that failed ``check()``.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The database file's path.
        public let file: String
        /// What is wrong, one line.
        public let reason: String
        /// Whether the file itself is damaged (what `--reset-state` is for); false when it is
        /// only in use — locked or busy — by another process.
        public let isDamage: Bool

        public init(file: String, reason: String, isDamage: Bool = true) {
            self.file = file
            self.reason = reason
            self.isDamage = isDamage
        }

        public var description: String { "state database \(file) \(reason)" }
    }

    /// Creates `path` if missing, checks it belongs to this user and can be written, and locks
    /// it (see above); ``check()`` covers `state.sqlite` and `otherDatabases` (file names inside
    /// `path`). `program` names the daemon in messages.
    public init(path: String, otherDatabases: [String] = [], program: String = "binderyd") throws(StateDirectoryError) {
        self.path = path
        self.program = program
        self.databaseFileNames = [InputStore.fileName] + otherDatabases.filter { $0 != InputStore.fileName }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw StateDirectoryError("cannot create the state directory \(path): \(Self.reason(of: error))")
        }
        try Self.checkOwner(path, what: "the state directory")
        let lockPath = path + "/" + Self.lockFileName
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP {
                throw StateDirectoryError("\(lockPath) is a symbolic link; \(program) does not follow it (remove it if it is not yours)")
            }
            if code == EROFS || code == EACCES || code == EPERM {
                throw StateDirectoryError("the state directory \(path) is not writable (\(String(cString: strerror(code)))); \(program) keeps its state there")
            }
            throw StateDirectoryError("cannot open \(lockPath): \(String(cString: strerror(code)))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(), info.st_nlink == 1 else {
            close(descriptor)
            throw StateDirectoryError("\(lockPath) is not a regular file of this user (uid \(geteuid())) with one link; \(program) does not use it (remove it if it is not yours)")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = pread(descriptor, &buffer, buffer.count, 0)
            close(descriptor)
            let holder = count > 0 ? String(decoding: buffer[..<count].filter { $0 > 0x20 }, as: UTF8.self) : ""
            if code == EWOULDBLOCK {
                throw StateDirectoryError("the state directory \(path) is in use by another \(program) (pid \(holder.isEmpty ? "unknown" : holder)); one daemon per state directory")
            }
            throw StateDirectoryError("cannot lock \(lockPath): \(String(cString: strerror(code)))")
        }
        // The lock file can be deleted under a running daemon; the directory cannot be
        // swapped without moving its state, so its lock keeps a second daemon out regardless.
        let directoryDescriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryDescriptor >= 0, flock(directoryDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if directoryDescriptor >= 0 { close(directoryDescriptor) }
            throw code == EWOULDBLOCK ? inUse([path]) : StateDirectoryError("cannot lock \(path): \(String(cString: strerror(code)))")
        }
        do throws(StateDirectoryError) {
            try Self.checkWritable(path, program: program)
            try lockDatabases()
            let pid = Array("\(getpid())\n".utf8)
            guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, pid, pid.count, 0) == pid.count else {
                throw StateDirectoryError("the state directory \(path) is not writable (\(String(cString: strerror(errno))))")
            }
        } catch {
            // Not ours after all: let go of the locks taken (database locks stay until exit).
            close(descriptor)
            close(directoryDescriptor)
            throw error
        }
    }

    /// Takes an exclusive `flock` on each state database that exists and is not locked yet
    /// (call again once the databases are created); throws when another process holds one.
    public func lockDatabases() throws(StateDirectoryError) {
        for name in databaseFileNames where !lockedDatabases.withLock({ $0.contains(name) }) {
            let file = path + "/" + name
            let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard descriptor >= 0 else {
                if errno == ENOENT { continue }
                throw StateDirectoryError("cannot open \(file): \(String(cString: strerror(errno)))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(descriptor)
                throw code == EWOULDBLOCK ? inUse([file]) : StateDirectoryError("cannot lock \(file): \(String(cString: strerror(code)))")
            }
            // Never closed: closing would also drop SQLite's own POSIX locks on the file.
            lockedDatabases.withLock { _ = $0.insert(name) }
        }
    }

    /// "in use by another <program> (pid N (name))", the holder found in `/proc/locks`.
    private func inUse(_ files: [String]) -> StateDirectoryError {
        let holders = FileLockHolders.describe(files)
        return StateDirectoryError("the state directory \(path) is in use by another \(program) (\(holders.isEmpty ? "pid unknown" : holders.joined(separator: ", "))); one daemon per state directory")
    }

    /// Throws unless `file` belongs to this process's effective user.
    package static func checkOwner(_ file: String, what: String) throws(StateDirectoryError) {
        var info = stat()
        guard stat(file, &info) == 0 else {
            throw StateDirectoryError("cannot examine \(what) \(file): \(String(cString: strerror(errno)))")
        }
        guard info.st_uid == geteuid() else {
            throw StateDirectoryError("\(what) \(file) belongs to uid \(info.st_uid), not to this daemon's user (uid \(geteuid())); refusing to use it")
        }
    }

    /// Throws unless a file can be created in `path` (a read-only mount, or a directory
    /// without write permission for this user, cannot hold the databases' journals).
    private static func checkWritable(_ path: String, program: String) throws(StateDirectoryError) {
        let probe = path + "/.\(program)-write-test-\(getpid())"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw StateDirectoryError("the state directory \(path) is not writable (\(String(cString: strerror(errno)))); \(program) keeps its state there")
        }
        close(descriptor)
        unlink(probe)
    }

    /// The problems of every state database in the directory; empty when all are usable.
    public func check() -> [Problem] {
        databaseFileNames.compactMap { name in
            let file = path + "/" + name
            if let user = Self.user(ofDatabase: file) {
                return Problem(file: file, reason: user, isDamage: false)
            }
            return Self.problem(ofDatabase: file).map { Problem(file: file, reason: $0.reason, isDamage: $0.isDamage) }
        }
    }

    /// Why the database at `file` is in use by another process — a write lock on it, its
    /// `-wal` or `-shm` in `/proc/locks` — or nil.
    static func user(ofDatabase file: String) -> String? {
        let holders = FileLockHolders.describe([file, file + "-wal", file + "-shm"])
        guard !holders.isEmpty else { return nil }
        return "is in use by \(holders.joined(separator: ", ")), which holds a lock on it; stop that process first"
    }

    /// Renames each problem database's files aside; returns one line per file moved.
    public func moveAside(_ problems: [Problem]) throws(StateDirectoryError) -> [String] {
        let stamp = Self.timestamp()
        var moved: [String] = []
        for problem in problems {
            let suffixes = ["", "-wal", "-shm"]
            let tag = SideFileName.unusedTag(".damaged-" + stamp) { tag in suffixes.map { problem.file + $0 + tag } }
            for suffix in suffixes {
                let from = problem.file + suffix
                guard access(from, F_OK) == 0 else { continue }
                let to = from + tag
                guard rename(from, to) == 0 else {
                    throw StateDirectoryError("cannot move \(from) aside: \(String(cString: strerror(errno)))")
                }
                moved.append("moved \(from) to \(to)")
            }
        }
        return moved
    }

    /// Why the database at `file` cannot be used, and whether that is damage (rather than
    /// another process keeping it busy), or nil (a missing file is fine: it is created).
    static func problem(ofDatabase file: String) -> (reason: String, isDamage: Bool)? {
        func damage(_ reason: String) -> (reason: String, isDamage: Bool) { (reason, true) }
        var info = stat()
        guard stat(file, &info) == 0 else {
            return errno == ENOENT ? nil : damage("cannot be examined: \(String(cString: strerror(errno)))")
        }
        guard info.st_size > 0 else { return damage("exists but is empty (0 bytes)") }
        let probe = open(file, O_RDONLY | O_CLOEXEC)
        guard probe >= 0 else { return damage("cannot be read: \(String(cString: strerror(errno)))") }
        var byte: UInt8 = 0
        let readable = read(probe, &byte, 1) == 1
        close(probe)
        guard readable else { return damage("cannot be read") }
        if let walProblem = problem(ofWriteAheadLog: file + "-wal") { return damage(walProblem) }
        do {
            let database = try SQLiteDatabase(.file(path: file))
            let rows = try database.query("PRAGMA integrity_check")
            let verdict = rows.compactMap { try? $0.value(at: 0, as: String.self) }
            guard verdict == ["ok"] else {
                return damage("fails SQLite's integrity check: " + verdict.prefix(3).joined(separator: "; "))
            }
        } catch where isBusy(error) {
            // Busy or locked says nothing about the file: it is in use, not damaged.
            return ("is locked by another process (\(error)); stop that process first", false)
        } catch {
            return damage("cannot be opened: \(error)")
        }
        return nil
    }

    /// Whether `error` means another connection holds the database busy, which
    /// says nothing about the file's health.
    static func isBusy(_ error: any Error) -> Bool {
        let sqlite: SQLiteError?
        switch error {
        case let error as SQLiteError: sqlite = error
        case let StoreError.database(error): sqlite = error
        default: sqlite = nil
        }
        guard let sqlite else { return false }
        return sqlite.code == SQLiteError.busy
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
