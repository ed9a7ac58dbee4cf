import BinderyCLI
import Glibc
import Synchronization

/// Ctrl-C and wake-ups for the main loop: the SIGINT handler raises `interrupts` and writes a
/// byte to the wake pipe so a thread blocked in `poll` notices at once.
enum Signals {
    /// Set by SIGINT; read by whoever is waiting (a `run`, a `watch`, the prompt).
    static let interrupts = InterruptFlag()
    /// The wake pipe's write end, -1 until `install()`; atomic so the signal handler may read it.
    private static let wakeWriteEnd = Atomic<Int32>(-1)
    /// The wake pipe's read end, which the interactive loop polls.
    nonisolated(unsafe) static var wakeReadEnd: Int32 = -1  // written once in install(), before any reader thread or handler exists

    /// Installs the SIGINT handler, ignores SIGPIPE (a closed socket is an error result, not a
    /// death), and creates the wake pipe.
    static func install() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            wakeReadEnd = fds[0]
            wakeWriteEnd.store(fds[1], ordering: .sequentiallyConsistent)
        }
        signal(SIGPIPE, SIG_IGN)
        catchInterrupts()
    }

    /// (Re)installs the SIGINT handler and unblocks SIGINT on the calling thread: readline
    /// leaves SIGINT blocked after it reads a character, so the shell calls this after each.
    static func catchInterrupts() {
        signal(SIGINT) { _ in
            Signals.interrupts.raise()
            Signals.wake()
        }
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Wakes the main loop; async-signal-safe (an atomic load and `write`).
    static func wake() {
        let fd = wakeWriteEnd.load(ordering: .sequentiallyConsistent)
        guard fd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    /// Empties the wake pipe.
    static func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeReadEnd, &buffer, buffer.count) > 0 {}
    }
}
