/// A server's routes by exact path, each declared once, and what answers every other path:
/// so the paths a server answers are one list, which a test can compare with the API's
/// description (binderyd's docs/openapi.yaml).
///
/// Guarantees: a request whose normalised path (``HTTPRequest/path``) is a route's path goes
/// to that route, and any other to ``otherwise``; ``paths`` lists every route's path in
/// declaration order, then the name ``otherwise`` is described under (e.g. `/{file}`).
/// Declaring a path twice stops the program (a programming error, found by any test).
public struct HTTPRoutes<Context: Sendable>: Sendable {
    /// How a route answers: the routes' context (the server's state), the request and its
    /// responder (answered now, or later for a long-poll).
    public typealias Handler = @Sendable (Context, HTTPRequest, HTTPResponder) -> Void

    /// One route: a path and its handler.
    public struct Route: Sendable {
        /// The exact path served, or for ``HTTPRoutes/otherwise`` the name of what it serves
        /// as the API's description writes it (`/{file}`).
        public let path: String
        /// What answers it.
        public let handler: Handler

        /// The route for `path`, answered by `handler`.
        public init(_ path: String, _ handler: @escaping Handler) {
            self.path = path
            self.handler = handler
        }
    }

    private let byPath: [String: Handler]
    /// What answers a path no route declares.
    public let otherwise: Route
    /// Every route's path, in declaration order, then ``otherwise``'s.
    public let paths: [String]

    /// `routes` (each path once), with `otherwise` answering every other path.
    public init(_ routes: [Route], otherwise: Route) {
        var byPath: [String: Handler] = [:]
        for route in routes {
            precondition(byPath.updateValue(route.handler, forKey: route.path) == nil, "HTTPRoutes: \(route.path) declared twice")
        }
        self.byPath = byPath
        self.otherwise = otherwise
        self.paths = routes.map(\.path) + [otherwise.path]
    }

    /// Answers `request` with the route for its path (``otherwise`` when none is declared).
    public func handle(_ request: HTTPRequest, context: Context, _ responder: HTTPResponder) {
        (byPath[request.path] ?? otherwise.handler)(context, request, responder)
    }
}
