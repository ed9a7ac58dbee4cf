import BinderyPrimitives

/// A counting semaphore for tasks: at most `count` holders at once; the others wait, suspended
/// (never blocking a thread), and are let in first come, first served.
final class AsyncSlots: Sendable {
    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }
    private let state: Lock<State>

    init(count: Int) {
        precondition(count > 0, "AsyncSlots needs at least one slot")
        state = Lock(State(free: count))
    }

    /// Runs `body` holding one slot, waiting for one first if none is free.
    func withSlot<T>(_ body: () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    private func release() {
        // A freed slot passes straight to the longest waiter, so a late arrival cannot take it.
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
