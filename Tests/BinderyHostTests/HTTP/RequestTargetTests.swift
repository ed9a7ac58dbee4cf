import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct RequestTargetTests {
    @Test(arguments: [
        ("/", "/"),
        ("/index.html", "/index.html"),
        ("//a///b//", "/a/b"),
        ("/a/./b/../c", "/a/c"),
        ("/../../etc/passwd", "/etc/passwd"),
        ("/%2e%2e/%2E%2E/x", "/x"),
        ("/a%2fb", "/a/b"),
        ("/a/%2e/b", "/a/b"),
        ("/caf%C3%A9", "/café"),
        ("/café/./x", "/café/x"),
        ("/café", "/café"),
        ("/a+b", "/a+b"),
        ("/x#fragment", "/x"),
        ("http://host:8420/api/state?x=1", "/api/state"),
        ("HTTPS://host", "/"),
    ])
    func normalisesPaths(raw: String, expected: String) throws {
        #expect(try #require(RequestTarget(raw)).path == expected)
    }

    @Test(arguments: [
        "", "*", "index.html", "/%", "/%4", "/%zz", "/%00", "/a%00b", "/a\\b", "/a%5cb", "/%C0%AE", "/%FF",
        "/ok?x=%zz", "/ok?x=%00",
    ])
    func rejectsMalformedTargets(raw: String) {
        #expect(RequestTarget(raw) == nil)
    }

    @Test func decodesQueryItemsInOrder() throws {
        let target = try #require(RequestTarget("/api/state?since=12&wait=30&q=a+b%26c&flag&=empty&since=13"))
        #expect(target.queryItems == [
            .init(name: "since", value: "12"), .init(name: "wait", value: "30"), .init(name: "q", value: "a b&c"),
            .init(name: "flag", value: ""), .init(name: "", value: "empty"), .init(name: "since", value: "13"),
        ])
        let request = try #require(HTTPRequest(method: "GET", rawTarget: "/api/state?since=12&since=13"))
        #expect(request.query("since") == "12")
        #expect(request.query("wait") == nil)
    }

    @Test func segmentsMatchThePath() throws {
        #expect(try #require(RequestTarget("/a/b/../c/")).segments == ["a", "c"])
        #expect(try #require(RequestTarget("/")).segments == [])
    }

    @Test func headerLookupIgnoresCase() throws {
        let request = try #require(HTTPRequest(
            method: "HEAD", rawTarget: "/",
            headers: [HTTPHeader("If-None-Match", "\"3\""), HTTPHeader("if-none-match", "\"4\"")]))
        #expect(request.header("IF-NONE-MATCH") == "\"3\"")
        #expect(request.header("Accept") == nil)
        #expect(request.isHead)
    }
}
