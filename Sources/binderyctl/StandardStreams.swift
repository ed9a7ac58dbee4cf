#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import BinderyPrimitives
import Synchronization

/// Unbuffered writes to stdout/stderr under one lock, so lines from reader threads (watch
/// events) never interleave mid-line with the main thread's output.
enum StandardStreams {
    private static let lock = Mutex(())

    /// Writes `text` to `fd` whole.
    static func write(_ text: String, to fd: Int32 = 1) {
        lock.withLock { _ in writeUnlocked(text, to: fd) }
    }

    /// Runs `body` holding the output lock (to combine clearing a line and printing).
    static func withLock<T>(_ body: () -> T) -> T {
        lock.withLock { _ in body() }
    }

    /// Writes without taking the lock; only inside `withLock`.
    static func writeUnlocked(_ text: String, to fd: Int32 = 1) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = retryingInterrupted { bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } }
            guard n > 0 else { return }
            bytes = bytes.dropFirst(n)
        }
    }
}
