#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The self-pipe trick, written once for every program of the project.
///
/// A signal handler may only do async-signal-safe work, so a routed signal's handler writes
/// the signal's number (one byte) into a non-blocking pipe and returns; the program reads the
/// pipe's ``readEnd`` from an ordinary thread (`poll`, a dispatch read source) and does the
/// real work there. ``post(_:)`` writes the same way from any thread, so a thread that is not
/// a signal handler can wake the reader too.
///
/// Guarantees: the pipe exists once per process (``open()`` is idempotent and thread-safe);
/// both ends are non-blocking and close-on-exec; a handler installed by ``route(_:)`` is in
/// place when `route` returns (it uses `sigaction`, not a dispatch signal source whose
/// registration completes later), so a signal sent right after is never lost; when the pipe is
/// full further bytes are dropped rather than blocking a handler (the reader wakes all the same).
public enum SignalPipe {
    /// The write end, -1 until ``open()``; atomic so a signal handler may read it.
    private static let writeEnd = Atomic<Int32>(-1)
    /// The read end, -1 until ``open()``.
    private static let readEndStorage = Atomic<Int32>(-1)
    private static let opening = Mutex<Void>(())

    /// The end to poll or read; -1 if the pipe could not be created.
    public static var readEnd: Int32 { readEndStorage.load(ordering: .acquiring) }

    /// Creates the pipe if it does not exist yet. Returns `false`, with `errno` set, when it
    /// cannot be created.
    @discardableResult
    public static func open() -> Bool {
        opening.withLock { _ in
            if readEndStorage.load(ordering: .acquiring) >= 0 { return true }
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return false }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            writeEnd.store(ends[1], ordering: .releasing)
            readEndStorage.store(ends[0], ordering: .releasing)
            return true
        }
    }

    /// Routes each of `signals` into the pipe: its handler only posts the signal's number.
    /// Opens the pipe first if needed; returns `false` when it cannot.
    @discardableResult
    public static func route(_ signals: [Int32]) -> Bool {
        guard open() else { return false }
        for signalNumber in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in SignalPipe.post(number) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signalNumber, &action, nil)
        }
        return true
    }

    /// Writes `signalNumber`'s low byte into the pipe; async-signal-safe (an atomic load and
    /// `write`), so handlers installed elsewhere may call it. Does nothing before ``open()``.
    public static func post(_ signalNumber: Int32) {
        let end = writeEnd.load(ordering: .acquiring)
        guard end >= 0 else { return }
        var byte = UInt8(truncatingIfNeeded: signalNumber)
        _ = write(end, &byte, 1)
    }

    /// Reads every byte waiting in the pipe, oldest first, without blocking: the signal
    /// numbers posted since the last read.
    public static func drain() -> [Int32] {
        let end = readEnd
        guard end >= 0 else { return [] }
        var numbers: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(end, &buffer, buffer.count)
            guard count > 0 else { break }
            numbers += buffer[..<count].map { Int32($0) }
        }
        return numbers
    }
}
