#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Makes the system call `call` makes, again while it fails with `EINTR` (a signal arrived
/// before it did anything), and returns the first result that is not that failure: a count or
/// descriptor, or a failure whose `errno` is still set for the caller to read.
///
/// Every blocking read, write, send, receive, accept and connect in the package goes through
/// this, so a signal (SIGTERM's self-pipe, SIGWINCH, SIGCHLD) never turns into a spurious error.
/// `call` must report failure as a negative result with `errno` set, as those calls do.
@inlinable package func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result < 0 && errno == EINTR { continue }
        return result
    }
}
