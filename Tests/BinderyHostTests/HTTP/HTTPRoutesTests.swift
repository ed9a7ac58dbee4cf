import BinderyHTTP
import BinderyTestSupport
import Testing

/// ``HTTPRoutes``: exact paths to their routes, every other path to `otherwise`, and the list
/// of paths a description of the API is compared with.
@Suite(.ownThreads, .timeLimit(.minutes(1))) struct HTTPRoutesTests {
    /// What the handlers read: the server's state, here one word.
    struct Context: Sendable { let word: String }

    static let routes = HTTPRoutes<Context>([
        .init("/a") { context, request, responder in responder.respond(.text("a \(context.word) \(request.query("x") ?? "-")")) },
        .init("/a/b") { _, _, responder in responder.respond(.text("a/b")) },
    ], otherwise: .init("/{file}") { _, request, responder in responder.respond(.text("other \(request.path)", status: 404)) })

    @Test func exactPathsGoToTheirRoutesAndEveryOtherToOtherwise() throws {
        let fixture = try ServerFixture { request, responder in
            Self.routes.handle(request, context: Context(word: "hello"), responder)
        }
        let http = try fixture.connect()
        let a = try http.get("/a?x=1")
        #expect(a.status == 200 && a.text == "a hello 1")
        // The normalised path is routed: `/./a/` is `/a`.
        #expect(try http.get("/./a/").text == "a hello -")
        #expect(try http.get("/a/b").text == "a/b")
        let other = try http.get("/a/c")
        #expect(other.status == 404 && other.text == "other /a/c")
        #expect(try http.get("/").text == "other /")
    }

    @Test func pathsAreTheRoutesInOrderThenOtherwise() {
        #expect(Self.routes.paths == ["/a", "/a/b", "/{file}"])
        #expect(Self.routes.otherwise.path == "/{file}")
    }
}
