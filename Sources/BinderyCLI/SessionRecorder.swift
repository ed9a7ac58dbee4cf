#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import BinderyPrimitives

/// `record FILE`: appends the lines typed in a session to FILE as a script `binderyctl -f FILE`
/// replays. A command that failed is kept as a comment (`# failed: …`), so the replay does
/// not stop at a typo but the file still shows what was typed. Each line is written at once.
public final class SessionRecorder {
    public let path: String
    private let fd: Int32

    /// Opens (creating or appending to) `path`, or says why it cannot.
    public static func open(_ path: String) -> Result<SessionRecorder, RecorderError> {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return .failure(RecorderError(message: "cannot record to \(path): \(String(cString: strerror(errno)))")) }
        let recorder = SessionRecorder(path: path, fd: fd)
        recorder.write("# binderyctl session; replay with: binderyctl -f \(path)")
        return .success(recorder)
    }

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// Records a typed line and how its command ended.
    public func record(_ line: String, outcome: CommandOutcome) {
        switch outcome {
        case .succeeded, .quit: write(line)
        case .failed, .unreachable: write("# failed: " + line)
        }
    }

    private func write(_ line: String) {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let n = retryingInterrupted { bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } }
            guard n > 0 else { return }
            bytes = bytes.dropFirst(n)
        }
    }
}

/// Why `record` could not open its file.
public struct RecorderError: Error, Sendable {
    public let message: String
}
