import CMicroHTTPD

/// A response built into libmicrohttpd's form once — body copied, every header added — and
/// then queued to any number of connections, from any thread, without being built again.
///
/// For answers that many clients fetch unchanged (the dashboard's `/api/state` of one
/// version): a queued response costs a reference count instead of an allocation, a copy of the
/// body and one allocation per header.
public final class PreparedResponse: Sendable {
    /// The response it was built from (used when it must be rebuilt, e.g. to add
    /// `Connection: close` while the server stops).
    public let original: HTTPResponse
    /// libmicrohttpd's response; it counts references itself, and queuing it from several
    /// threads at once is supported.
    let built: Built

    /// The libmicrohttpd response and its status. `@unchecked Sendable`: libmicrohttpd
    /// reference-counts responses under their own mutex, so the pointer may be queued from
    /// any thread; it is destroyed once, in `PreparedResponse.deinit`.
    struct Built: @unchecked Sendable {
        let pointer: OpaquePointer
        let status: Int
    }

    /// Builds `response` now; `nil` if it cannot be built (a file body, a bad header or status).
    public init?(_ response: HTTPResponse) {
        guard case .bytes = response.body,
              let built = HTTPServerCore.build(response, closing: false) else { return nil }
        original = response
        self.built = Built(pointer: built.response, status: built.status)
    }

    deinit { MHD_destroy_response(built.pointer) }
}
