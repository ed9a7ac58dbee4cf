/// A response that ends a request early (a bad query's 400), as an `Error`, so parsing a
/// request's parts can be a `Result` whose failure is the answer to send.
public struct HTTPResponseError: Error {
    /// The answer to send instead.
    public let response: HTTPResponse

    /// Ends the request with `response`.
    public init(_ response: HTTPResponse) { self.response = response }
}
