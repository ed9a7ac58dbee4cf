import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Testing

/// Targets that are already normal are taken as they are; these check that the shortcut
/// and the full normalisation agree at their border.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct RequestTargetShortcutTests {
    @Test(arguments: [
        ("/api/state", "/api/state", ["api", "state"]),
        ("/a/.b/c..", "/a/.b/c..", ["a", ".b", "c.."]),
        ("/a/...", "/a/...", ["a", "..."]),
        ("/a/.", "/a", ["a"]),
        ("/a/..", "/", []),
        ("/a/", "/a", ["a"]),
        ("/a//b", "/a/b", ["a", "b"]),
        ("/caf\u{E9}", "/caf\u{E9}", ["caf\u{E9}"]),
        ("/api/state?since=3", "/api/state", ["api", "state"]),
        ("http://host?wait=1", "/", []),
    ])
    func shortcutAndNormalisationAgree(raw: String, path: String, segments: [String]) throws {
        let target = try #require(RequestTarget(raw))
        #expect(target.path == path)
        #expect(target.segments == segments)
    }

    @Test func absoluteFormWithOnlyAQueryKeepsTheQuery() throws {
        let target = try #require(RequestTarget("http://host?wait=1&since=2"))
        #expect(target.queryItems == [.init(name: "wait", value: "1"), .init(name: "since", value: "2")])
    }
}
