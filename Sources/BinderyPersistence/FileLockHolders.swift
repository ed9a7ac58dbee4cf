#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import BinderyPrimitives

/// Which processes hold an exclusive (write) lock on a file, as Linux tells in `/proc/locks`
/// (flock, POSIX and OFD locks, matched by the file's device and inode) — so "in use" can
/// name who uses it. Shared (read) locks, such as an SQLite reader's, are not counted.
public enum FileLockHolders {
    /// The processes holding write locks on the files at `paths`, other than
    /// this one, each as `pid N (command)`; empty when none is listed or it cannot be told
    /// (no `/proc`, a holder in another pid namespace, an OFD lock, which has no owner pid).
    public static func describe(_ paths: [String]) -> [String] {
        let me = getpid()
        var pids: [pid_t] = []
        for path in paths {
            for pid in holders(of: path) where pid != me && !pids.contains(pid) { pids.append(pid) }
        }
        return pids.map { pid in
            let command = commandName(of: pid)
            return command.isEmpty ? "pid \(pid)" : "pid \(pid) (\(command))"
        }
    }

    /// The pids `/proc/locks` lists with a write lock on the file at `path`, in order, without
    /// repeats.
    static func holders(of path: String) -> [pid_t] {
        var info = stat()
        guard stat(path, &info) == 0, let table = readSmallFile("/proc/locks") else { return [] }
        // glibc's major()/minor() (macros Swift does not import).
        let device = UInt64(info.st_dev)
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
        let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
        var pids: [pid_t] = []
        // "1: POSIX  ADVISORY  WRITE 4477 fe:00:16228967 128 128" (a blocked waiter's line
        // has "->" after the number; it holds nothing and is skipped).
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] != "->", fields[3] == "WRITE" else { continue }
            let file = fields[5].split(separator: ":")
            guard file.count == 3, UInt64(file[0], radix: 16) == major, UInt64(file[1], radix: 16) == minor,
                  UInt64(file[2]) == UInt64(info.st_ino), let pid = pid_t(fields[4]), pid > 0 else { continue }
            if !pids.contains(pid) { pids.append(pid) }
        }
        return pids
    }

    /// `/proc/PID/comm` without its newline; empty when it cannot be read.
    private static func commandName(of pid: pid_t) -> String {
        readSmallFile("/proc/\(pid)/comm")?.split(separator: "\n").first.map(String.init) ?? ""
    }

    /// A `/proc` file's text (up to 1 MiB); nil when it cannot be read or is larger (then no
    /// holder is named: the lock's error still says the directory is in use).
    private static func readSmallFile(_ path: String) -> String? {
        try? WholeFile.text(path, limit: 1 << 20).get()
    }
}
