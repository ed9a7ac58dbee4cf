import BinderyCLI
import BinderySignals
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Ctrl-C and wake-ups for the main loop: the SIGINT handler raises `interrupts` and posts to
/// the process's ``SignalPipe`` so a thread blocked in `poll` on ``wakeReadEnd`` notices at once.
enum Signals {
    /// Set by SIGINT; read by whoever is waiting (a `run`, a `watch`, the prompt).
    static let interrupts = InterruptFlag()

    /// The end the interactive loop polls.
    static var wakeReadEnd: Int32 { SignalPipe.readEnd }

    /// Creates the wake pipe, ignores SIGPIPE (a closed socket is an error result, not a
    /// death) and installs the SIGINT handler.
    static func install() {
        SignalPipe.open()
        signal(SIGPIPE, SIG_IGN)
        catchInterrupts()
    }

    /// (Re)installs the SIGINT handler and unblocks SIGINT on the calling thread: readline
    /// leaves SIGINT blocked after it reads a character, so the shell calls this after each.
    static func catchInterrupts() {
        signal(SIGINT) { number in
            Signals.interrupts.raise()
            SignalPipe.post(number)
        }
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Wakes the main loop from another thread.
    static func wake() {
        SignalPipe.post(0)
    }

    /// Empties the wake pipe.
    static func drainWakePipe() {
        _ = SignalPipe.drain()
    }
}
