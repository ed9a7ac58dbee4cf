import Glibc

/// How a surface that cannot be built stops its program: one line, `<program>: <message>`, on
/// standard error and exit status 1 — a message naming what to change, not a crash report with
/// a backtrace. A surface is built when the program starts (a daemon's view models) or in the
/// view model's first test, so the mistake is found before anything is served.
enum SurfaceConstructionFailure {
    /// Writes `message` as one line and exits with status 1.
    static func stop(_ message: String) -> Never {
        let program = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "bindery"
        let line = "\(program): \(message.split(whereSeparator: \.isNewline).joined(separator: " "))\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        exit(EXIT_FAILURE)
    }
}
