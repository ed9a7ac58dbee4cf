#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Keeps the state directory private to the daemon's user: it holds the inputs (passwords
/// and verification codes among them) and the model store.
///
/// Guarantees: a directory owned by another user is refused (nothing is changed in it), and
/// so is one holding a regular file with more than one link (its other name would be changed
/// too: nothing is changed);
/// after ``prepare(_:)`` the directory exists with mode 0700 and every regular
/// file directly inside it has no group or other permission bits, whatever the umask and
/// whatever an older binderyd left behind; together with the process umask 077 that
/// ``restrictUmask()`` sets, every file created later (SQLite's database, `-wal`, `-shm` and
/// journal files included) is 0600 too.
public enum PrivateStateDirectory {
    /// Sets the process umask to 077; returns the previous one.
    @discardableResult
    public static func restrictUmask() -> mode_t {
        umask(0o077)
    }

    /// Creates `path` (with its missing parents) as 0700, or tightens it and its files when
    /// they are more open; returns one line per permission it tightened, for the log. Throws a
    /// one-line error when the directory cannot be created or is not a directory.
    public static func prepare(_ path: String) throws(StateDirectoryError) -> [String] {
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o700) != 0, errno != EEXIST {
                throw StateDirectoryError("cannot create the state directory \(built): \(String(cString: strerror(errno)))")
            }
        }
        var notes: [String] = []
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw StateDirectoryError("the state directory \(path) is not a directory")
        }
        // Another user's directory is not made ours (a root daemon could): it is refused.
        try StateDirectory.checkOwner(path, what: "the state directory")
        let files = regularFiles(in: path)
        // A file with another name elsewhere (a hard link) is that file too: making it
        // private would change the other, so it is refused before anything is changed.
        if let linked = files.first(where: { $0.info.st_nlink > 1 }) {
            throw StateDirectoryError("\(linked.path) has \(linked.info.st_nlink) links (another name shares it); nothing was changed and it is not used (remove the other link, or the file if it is not yours)")
        }
        if info.st_mode & 0o077 != 0 {
            guard chmod(path, 0o700) == 0 else {
                throw StateDirectoryError("cannot make the state directory \(path) private (0700): \(String(cString: strerror(errno)))")
            }
            notes.append("state directory \(path) was \(octal(info.st_mode & 0o7777)); made it 0700")
        }
        for (file, fileInfo) in files where fileInfo.st_mode & 0o077 != 0 {
            if chmod(file, fileInfo.st_mode & 0o700) == 0 {
                notes.append("\(file) was \(octal(fileInfo.st_mode & 0o7777)); removed group and other access")
            }
        }
        return notes
    }

    /// The regular files directly inside `path` (symbolic links not followed), with their
    /// `lstat`.
    private static func regularFiles(in path: String) -> [(path: String, info: stat)] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var files: [(path: String, info: stat)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            let file = path + "/" + name
            var fileInfo = stat()
            guard lstat(file, &fileInfo) == 0, (fileInfo.st_mode & S_IFMT) == S_IFREG else { continue }
            files.append((file, fileInfo))
        }
        return files
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
