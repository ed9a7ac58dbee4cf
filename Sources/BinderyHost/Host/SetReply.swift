import Bindery
import Synchronization

/// The reply to one `set`, which needs two things before it can be sent: the state version
/// that shows the value (known when the scheduler's turn is flushed) and, with a store, the
/// commit that makes it durable. Whichever arrives second sends the reply; a failure sends it
/// at once. It is sent exactly once.
final class SetReply: Sendable {
    typealias Completion = @Sendable (Result<(value: SurfaceValue, version: UInt64), HostFailure>) -> Void

    private struct State {
        var version: UInt64?
        var committed: Bool
        var sent = false
    }

    private let value: SurfaceValue
    private let completion: Completion
    private let state: Mutex<State>

    /// A reply for `value`; `needsCommit` is false when nothing is persisted.
    init(value: SurfaceValue, needsCommit: Bool, completion: @escaping Completion) {
        self.value = value
        self.completion = completion
        state = Mutex(State(committed: !needsCommit))
    }

    /// The value is visible from `version` on.
    func visible(at version: UInt64) {
        let ready = state.withLock { state -> Bool in
            state.version = version
            return takeIfReady(&state)
        }
        if ready { completion(.success((value, version))) }
    }

    /// The value is durable.
    func committed() {
        let version = state.withLock { state -> UInt64? in
            state.committed = true
            return takeIfReady(&state) ? state.version : nil
        }
        if let version { completion(.success((value, version))) }
    }

    /// The set failed; nothing of it stays.
    func failed(_ failure: HostFailure) {
        let first = state.withLock { state -> Bool in
            defer { state.sent = true }
            return !state.sent
        }
        if first { completion(.failure(failure)) }
    }

    private func takeIfReady(_ state: inout State) -> Bool {
        guard !state.sent, state.committed, state.version != nil else { return false }
        state.sent = true
        return true
    }
}
