import BinderyPrimitives
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// Gives the memory a burst of HTTP connections used back to the system once the burst is
/// over. Each connection's buffers (libmicrohttpd's connection memory, the exchange, the
/// answer) are small heap blocks; freed, glibc's malloc keeps them in its arenas, so after
/// thousands of long-polls close the resident size would stay at its peak. `malloc_trim(0)`
/// returns the free pages of every arena (madvise), which nothing else does.
///
/// Guarantees: checked every ``interval`` seconds on its own queue (no QoS: the daemon's
/// queues ask for none); when the open connections fall to a quarter of their peak since the
/// last burst and that peak was at least ``burst``, trims at the next ``trimsPerBurst``
/// checks; never trims while quiet.
///
/// `@unchecked Sendable`: `timer` is set once, in `init`, and a dispatch source may be cancelled
/// from any thread; `state` is a `Mutex`.
public final class MemoryTrimmer: @unchecked Sendable {
    /// The fewest connections that make a burst worth trimming after.
    static let burst = 256
    /// Seconds between checks: a read of a counter, so often enough to see a short burst.
    static let interval = 0.25

    private let timer: any DispatchSourceTimer
    /// The peak of open connections since the last burst ended, and the trims still due
    /// after it (libmicrohttpd frees a closed connection's memory a little after it stops
    /// counting it, so one trim at the end of a burst comes too early for part of it).
    private let state = Lock((peak: 0, trimsDue: 0))
    /// Trims after a burst, one per check.
    static let trimsPerBurst = 3

    /// Watches `openConnections` (read on the trimmer's queue).
    public init(openConnections: @escaping @Sendable () -> Int) {
        let queue = DispatchQueue(label: "bindery.memory-trimmer")
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in self?.check(open: openConnections()) }
        timer.resume()
    }

    private func check(open: Int) {
        let trim = state.withLock { state in
            state.peak = max(state.peak, open)
            if state.peak >= Self.burst, open * 4 <= state.peak {
                state.peak = open
                state.trimsDue = Self.trimsPerBurst
            }
            guard state.trimsDue > 0 else { return false }
            state.trimsDue -= 1
            return true
        }
        if trim { _ = Self.mallocTrim?(0) }
    }

    /// glibc's `malloc_trim`, which the Glibc module does not import (it is in `<malloc.h>`);
    /// nil on a C library without it.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Stops checking.
    public func stop() {
        timer.cancel()
    }
}
