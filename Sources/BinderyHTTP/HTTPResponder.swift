/// Answers one request, once, from any thread, now or later (e.g. when a long-poll's state
/// changes).
///
/// Guarantees: the first ``respond(_:)`` wins and later calls return false; a responder
/// released without having answered answers 500, so no request waits forever because a
/// handler forgot it; calling it after the server stopped is harmless (returns false, the
/// client already got 503).
public final class HTTPResponder: Sendable {
    private let exchange: HTTPExchange

    init(exchange: HTTPExchange) {
        self.exchange = exchange
    }

    /// Sends `response`; true if this call answered the request, false if it was already
    /// answered or the connection is gone.
    @discardableResult
    public func respond(_ response: HTTPResponse) -> Bool {
        exchange.complete(with: response)
    }

    /// Whether the request still awaits its answer.
    public var isPending: Bool { exchange.isPending }

    deinit {
        _ = exchange.complete(with: .internalServerError)
    }
}
