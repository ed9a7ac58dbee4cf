import BinderySQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The state database as ``InputStore`` opened it: the connection, and the identity (device
/// and inode) of the file and of its write-ahead log at that moment, so a file deleted,
/// replaced or truncated behind the daemon's back is noticed (``replacement()``).
///
/// The connection keeps its write-ahead log small: SQLite checkpoints it every
/// 256 pages (1 MiB; SQLite's default is 1000) and truncates it to 1 MiB afterwards, so
/// a small filesystem is not filled by the log of a long run.
package struct OpenedStateFile: Sendable {
    private struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    let database: SQLiteDatabase
    private let path: String
    private let file: Identity?
    private let log: Identity?

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    init(path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) {
        do {
            database = try SQLiteDatabase(
                .file(path: path), options: .init(synchronous: .full, busyTimeoutMilliseconds: busyTimeoutMilliseconds))
            // Both answer with a row: the setting now in force.
            _ = try database.queryFirst("PRAGMA wal_autocheckpoint = 256")
            _ = try database.queryFirst("PRAGMA journal_size_limit = 1048576")
            try InputStore.schema.migrate(database)
        } catch {
            throw StoreError.database(error)
        }
        self.path = path
        file = Identity(path: path)
        log = Identity(path: path + "-wal")
    }

    /// How the files at the path differ from those opened: "deleted", "replaced by another
    /// file", "truncated" (shorter than SQLite's 100-byte header), or the same for the
    /// write-ahead log; nil when they are the ones opened.
    func replacement() -> String? {
        guard let file else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return "deleted" }
        guard Identity(path: path) == file else { return "replaced by another file" }
        guard info.st_size >= 100 else { return "truncated" }
        if let log {
            guard let now = Identity(path: path + "-wal") else { return "write-ahead log deleted" }
            guard now == log else { return "write-ahead log replaced by another file" }
        }
        return nil
    }
}
