import BinderyNames
import Testing

/// The one rule for quoting a typed value back (BinderyNames' `Excerpt`), which binderyctl and
/// the daemon's surface errors share.
@Suite struct ExcerptTests {
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

/// Excerpts count Unicode scalars (issue 22, item 8): a letter with half a million combining
/// marks is one Character but is cut like any other megabyte.
@Suite struct ExcerptScalarTests {
    @Test func combiningMarksAreCutAndCounted() {
        let letter = "a" + String(repeating: "\u{301}", count: 500_000)
        let quoted = Excerpt.quoted(letter)
        #expect(quoted == "\"a" + String(repeating: "\u{301}", count: Excerpt.limit - 1) + "…\" (500,001 characters)")
        #expect(quoted.utf8.count < 120)
        #expect(Excerpt.of(letter).unicodeScalars.count == Excerpt.limit + "… (500,001 characters)".unicodeScalars.count)
        #expect(Excerpt.quoted("a\u{301}") == "\"a\u{301}\"")
    }
}
