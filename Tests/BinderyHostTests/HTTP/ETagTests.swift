import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ETagTests {
    @Test func strongTagFromVersion() {
        #expect(ETag(version: 12).headerValue == "\"12\"")
        #expect(ETag(version: 12) == ETag(version: 12))
        #expect(ETag(version: 12) != ETag(version: 13))
        #expect(!ETag(version: 0).isWeak)
    }

    @Test(arguments: [
        ("\"12\"", true),
        ("W/\"12\"", true),
        ("\"11\", \"12\"", true),
        ("\"11\",W/\"12\" ,\"13\"", true),
        ("*", true),
        ("  *  ", true),
        ("\"11\"", false),
        ("\"123\"", false),
        ("\"1\"2\"", false),
        ("12", false),
        ("\"12", false),
        ("", false),
        (",,,", false),
        ("\"a,b\", \"12\"", true),
    ])
    func ifNoneMatch(header: String, matches: Bool) {
        #expect(ETag(version: 12).isMatched(byIfNoneMatch: header) == matches)
    }

    @Test func absentHeaderNeverMatches() {
        #expect(!ETag(version: 1).isMatched(byIfNoneMatch: nil))
    }

    @Test func opaqueTagsAreValidated() {
        #expect(ETag(opaqueTag: "abc-1") != nil)
        #expect(ETag(opaqueTag: "a\"b") == nil)
        #expect(ETag(opaqueTag: "a b") == nil)
        #expect(ETag(opaqueTag: "x", isWeak: true)?.headerValue == "W/\"x\"")
    }
}
