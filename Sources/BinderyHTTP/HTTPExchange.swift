import BinderyPrimitives
import CMicroHTTPD
import Synchronization

/// One request's life inside the server, from libmicrohttpd's URI-log callback to its
/// completion notice. Shared between the libmicrohttpd worker thread handling the connection
/// and whatever thread answers through the ``HTTPResponder``.
///
/// Invariant (kept under `state`'s lock): a response is queued on the connection only by the
/// worker thread inside the access handler, the connection is suspended only while no answer
/// is pending, and it is resumed exactly once, by the thread that stored the answer, before
/// that thread lets go of the lock.
final class HTTPExchange: Sendable {
    enum Phase {
        /// Headers not yet complete.
        case receiving
        /// The handler is running on the worker thread.
        case handling
        /// The handler returned without answering; the connection is suspended.
        case suspended
        /// An answer is stored and waits for the worker thread to queue it.
        case answered
        /// The answer was queued, or the connection is gone.
        case finished
    }

    /// A libmicrohttpd connection pointer. Sendable because libmicrohttpd allows
    /// `MHD_resume_connection` from any thread, and every other use of the pointer happens on
    /// the connection's own worker thread inside a callback.
    struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    struct State {
        var phase = Phase.receiving
        var sawFirstCall = false
        /// The libmicrohttpd connection, valid until the completion notice clears it.
        var connection: Connection?
        var pending: HTTPResponse?
        /// Whether the server's list of waiting requests took this exchange (it suspended
        /// once), so its completion must remove it from there; most requests never wait.
        var registered = false
        /// The request's headers, read once when the head is complete.
        var headers: [HTTPHeader] = []
    }

    /// The request target exactly as received (before any decoding).
    let rawTarget: String
    private let state: Lock<State>

    init(rawTarget: String, connection: OpaquePointer?) {
        self.rawTarget = rawTarget
        self.state = Lock(State(connection: connection.map(Connection.init)))
    }

    /// Records the first access-handler call; true if this was it.
    func markFirstCall() -> Bool {
        state.withLock { state in
            defer { state.sawFirstCall = true }
            return !state.sawFirstCall
        }
    }

    /// The request's headers, kept from the first access-handler call (read once).
    var headers: [HTTPHeader] {
        get { state.withLock { $0.headers } }
        set { state.withLock { $0.headers = newValue } }
    }

    var isPending: Bool {
        state.withLock { $0.phase == .receiving || $0.phase == .handling || $0.phase == .suspended }
    }

    func beginHandling() {
        state.withLock { $0.phase = .handling }
    }

    /// What the worker thread does after the handler returned.
    enum AfterHandling {
        case queue(HTTPResponse)
        case suspended
    }

    /// Takes the handler's answer if there is one; otherwise suspends the connection when
    /// `mayWait()` allows it, or returns `fallback` to be queued at once.
    func finishHandling(mayWait: () -> Bool, fallback: HTTPResponse) -> AfterHandling {
        state.withLock { state in
            if state.phase == .answered, let response = state.pending {
                state.pending = nil
                state.phase = .finished
                return .queue(response)
            }
            guard state.phase == .handling, let connection = state.connection, mayWait() else {
                state.phase = .finished
                return .queue(fallback)
            }
            state.registered = true
            state.phase = .suspended
            // Under the lock, so a responder on another thread can only resume after this.
            MHD_suspend_connection(connection.pointer)
            return .suspended
        }
    }

    /// Stores the answer; resumes the connection if it was suspended. False if the request
    /// was already answered or its connection is gone.
    ///
    /// The resume happens under the lock, like the suspend in `finishHandling`: whoever
    /// finds the exchange answered (``HTTPServer/stop()`` among them) knows its connection is
    /// no longer suspended, so libmicrohttpd is never stopped with one still suspended.
    /// libmicrohttpd takes only its own internal lock in `MHD_resume_connection` and calls no
    /// handler of ours under it, so the order (this lock, then libmicrohttpd's) is the one
    /// `finishHandling` already takes.
    func complete(with response: HTTPResponse) -> Bool {
        state.withLock { state in
            switch state.phase {
            case .handling, .receiving:
                state.pending = response
                state.phase = .answered
                return true
            case .suspended:
                state.pending = response
                state.phase = .answered
                if let connection = state.connection { MHD_resume_connection(connection.pointer) }
                return true
            case .answered, .finished:
                return false
            }
        }
    }

    /// The stored answer of a resumed connection, taken once.
    func takeAnswer() -> HTTPResponse? {
        state.withLock { state in
            guard state.phase == .answered, let response = state.pending else { return nil }
            state.pending = nil
            state.phase = .finished
            return response
        }
    }

    /// The connection is gone: later answers are dropped. Returns whether the exchange was
    /// ever registered as waiting (see `finishHandling`).
    @discardableResult
    func connectionClosed() -> Bool {
        state.withLock { state in
            state.phase = .finished
            state.pending = nil
            state.connection = nil
            return state.registered
        }
    }
}
