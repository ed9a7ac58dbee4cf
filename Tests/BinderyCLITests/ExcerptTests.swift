import BinderyProtocol
import BinderyTestSupport
import Testing

/// The one rule for quoting a typed value back (BinderyProtocol' `Excerpt`), which binderyctl and
/// the daemon's surface errors share.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ExcerptTests {
    @Test func shortTextIsQuotedWhole() {
        #expect(Excerpt.quoted("abc") == #""abc""#)
        #expect(Excerpt.quoted(String(repeating: "x", count: Excerpt.limit)) == "\"" + String(repeating: "x", count: Excerpt.limit) + "\"")
        #expect(Excerpt.quoted(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(Excerpt.quoted("lgoin", quote: Excerpt.singleQuoted) == "'lgoin'")
    }

    @Test func longTextIsAPrefixAndItsSize() {
        let long = String(repeating: "x", count: 5_000)
        #expect(Excerpt.quoted(long) == "\"" + String(repeating: "x", count: Excerpt.limit) + "…\" (5,000 characters)")
        #expect(Excerpt.of(long) == String(repeating: "x", count: Excerpt.limit) + "… (5,000 characters)")
        #expect(Excerpt.characters(1_234_567) == "1,234,567 characters")
        #expect(Excerpt.characters(999) == "999 characters")
        #expect(Excerpt.characters(1) == "1 character")
    }
}
