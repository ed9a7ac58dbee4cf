import CReadline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The REPL's history file: `$XDG_STATE_HOME/bindery/history` (default
/// `~/.local/state/bindery/history`), created as needed, kept to the last 1,000 lines.
struct HistoryFile {
    static let limit: Int32 = 1_000
    let path: String?

    /// The history path for `environment`; nil when neither XDG_STATE_HOME nor HOME is set.
    static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/bindery/history" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/bindery/history"
    }

    /// Loads the history (creating the directory and file on first use).
    init(environment: [String: String]) {
        path = Self.path(environment: environment)
        stifle_history(Self.limit)
        guard let path else { return }
        Self.makeDirectories(for: path)
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd) }
        _ = read_history(path)
    }

    /// Adds a line (unless it repeats the previous one) and appends it to the file at once,
    /// so history survives a killed session.
    func add(_ line: String) {
        guard !line.trimmingCharacters(in: " \t").isEmpty else { return }
        if bindery_history_length() > 0, let last = history_get(bindery_history_base() + bindery_history_length() - 1), let text = last.pointee.line,
           String(cString: text) == line { return }
        add_history(line)
        guard let path else { return }
        _ = append_history(1, path)
        _ = history_truncate_file(path, Self.limit)
    }

    private static func makeDirectories(for file: String) {
        var prefix = ""
        for component in file.split(separator: "/").dropLast() {
            prefix += "/" + component
            _ = mkdir(prefix, 0o700)
        }
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
