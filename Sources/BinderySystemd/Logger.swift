import BinderyPrimitives
import BinderyProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Line-oriented logging to standard error, in the form systemd's journal understands.
///
/// Guarantees: messages below ``threshold`` are dropped without being built (the message is
/// an autoclosure); every line of a message is written with its own prefix — `<N>` (the
/// syslog priority, ``LogLevel/syslogPriority``) in ``Format/journal`` format, a UTC
/// timestamp and the level name in ``Format/plain`` format — so a multi-line message never
/// produces an unprefixed line; each message is handed to the writer in one piece.
public struct Logger: Sendable {
    /// How lines are prefixed.
    public enum Format: Sendable, Hashable {
        /// `<6>message` — for stderr connected to journald, which adds its own timestamp.
        case journal
        /// `2026-11-29T21:40:00.120Z info: message` — for a terminal or a file.
        case plain

        /// ``journal`` when `journalStream` (the value of `JOURNAL_STREAM`, `device:inode`)
        /// names the file standard error is connected to, else ``plain``; comparing the
        /// identity (as sd_journal_stream_fd(3) recommends) keeps `binderyd 2>file` plain
        /// even when started by systemd.
        public static func forStandardError(journalStream: String?) -> Format {
            guard let journalStream else { return .plain }
            let parts = journalStream.split(separator: ":")
            guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else {
                return .plain
            }
            var info = stat()
            guard fstat(STDERR_FILENO, &info) == 0 else { return .plain }
            return (UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode) ? .journal : .plain
        }

        /// ``forStandardError(journalStream:)`` with this process's `JOURNAL_STREAM`.
        public static func detected() -> Format {
            forStandardError(journalStream: getenv("JOURNAL_STREAM").map { String(cString: $0) })
        }
    }

    /// The least severe level that is written.
    public let threshold: LogLevel
    /// The prefix style.
    public let format: Format
    private let write: @Sendable (String) -> Void

    /// A logger writing whole, newline-terminated messages to `write` (by default standard
    /// error), in `format` (by default detected from `JOURNAL_STREAM`).
    public init(
        threshold: LogLevel = .info,
        format: Format = .detected(),
        write: @escaping @Sendable (String) -> Void = Logger.writeToStandardError
    ) {
        self.threshold = threshold
        self.format = format
        self.write = write
    }

    /// Whether messages at `level` are written.
    public func isEnabled(_ level: LogLevel) -> Bool {
        level >= threshold
    }

    /// Writes `message` at `level` if enabled.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard isEnabled(level) else { return }
        write(formatted(level, message()))
    }

    /// Logs at ``LogLevel/debug``.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    /// Logs at ``LogLevel/info``.
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// Logs at ``LogLevel/notice``.
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    /// Logs at ``LogLevel/warning``.
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    /// Logs at ``LogLevel/error``.
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }

    /// The exact text written for `message` at `level`: one prefixed line per line of the
    /// message, each ending in a newline.
    public func formatted(_ level: LogLevel, _ message: String) -> String {
        let prefix: String
        switch format {
        case .journal: prefix = "<\(level.syslogPriority)>"
        case .plain: prefix = ISO8601Timestamp.string(fromEpochSeconds: ISO8601Timestamp.now()) + " " + level.description + ": "
        }
        var body = Substring(message)
        while body.last == "\n" { body = body.dropLast() }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { prefix + $0 + "\n" }.joined()
    }

    /// Writes `text` to file descriptor 2 with as few `write(2)` calls as the kernel allows
    /// (one for lines up to the pipe buffer size, so concurrent messages do not interleave).
    public static let writeToStandardError: @Sendable (String) -> Void = { text in
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = retryingInterrupted { Glibc.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset) }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
