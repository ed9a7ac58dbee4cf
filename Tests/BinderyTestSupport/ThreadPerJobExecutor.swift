import Foundation

/// A task executor that runs every job it is given on a new thread of its own.
///
/// Why: Swift Testing runs tests on the concurrency runtime's cooperative threads, one per CPU
/// (two on this project's machines). A test that blocks — a real daemon's start and stop, a raw
/// socket read, `waitUntil`'s sleeps — holds one of them until it is done, and every other test
/// (and every time limit's own timer) waits for it. Jobs run here block only their own thread.
/// A new thread per job rather than a dispatch queue's pool: on Linux a concurrent queue's pool
/// stops adding threads at about the CPU count, so blocked jobs starved the cooperative threads
/// again (measured: async sleeps of 0.1 s took 4 s beside eight blocking tests). A test runs a
/// handful of jobs (its start and one per resumption after an `await`), so the threads cost
/// microseconds beside the daemons the tests start.
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread {
            // Named by the kernel's own file, from inside the thread: Foundation's `name` reaches
            // the kernel only when the new thread already knows itself, so a thread that started
            // at once kept its creator's name (a dispatch worker's) in ps, gdb and /proc.
            try? "bindery-test".write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
            job.runSynchronously(on: executor)
        }.start()
    }
}
