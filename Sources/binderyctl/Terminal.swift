#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The terminal binderyctl writes to: its size, and the pager long output goes through.
enum Terminal {
    /// Columns and rows of the terminal on stdout, nil when stdout is not a terminal.
    static func size() -> (columns: Int, rows: Int)? {
        guard isatty(1) == 1 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// The pager command, as psql chooses it: `$PAGER` when set (empty turns paging off),
    /// else `less -R` (colours pass through).
    static func pager(environment: [String: String]) -> String? {
        if let pager = environment["PAGER"] { return pager.isEmpty ? nil : pager }
        return "less -R"
    }

    /// Writes `text` through `pager` (run by /bin/sh, as psql does) and waits for it to quit;
    /// false if the pager could not be run (the shell's 127: no such command), so the caller
    /// prints the text itself.
    static func page(_ text: String, through pager: String) -> Bool {
        guard let pipe = popen(pager, "w") else { return false }
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, pipe) }
        let status = pclose(pipe)
        let exitedWith127 = status & 0x7F == 0 && (status >> 8) & 0xFF == 127
        return status != -1 && !exitedWith127
    }
}
