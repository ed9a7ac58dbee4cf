import BinderyProtocol
import BinderyTestSupport
import Testing

/// Excerpts count Unicode scalars (issue 22, item 8): a letter with half a million combining
/// marks is one Character but is cut like any other megabyte.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ExcerptScalarTests {
    @Test func combiningMarksAreCutAndCounted() {
        let letter = "a" + String(repeating: "\u{301}", count: 500_000)
        let quoted = Excerpt.quoted(letter)
        #expect(quoted == "\"a" + String(repeating: "\u{301}", count: Excerpt.limit - 1) + "…\" (500,001 characters)")
        #expect(quoted.utf8.count < 120)
        #expect(Excerpt.of(letter).unicodeScalars.count == Excerpt.limit + "… (500,001 characters)".unicodeScalars.count)
        #expect(Excerpt.quoted("a\u{301}") == "\"a\u{301}\"")
    }
}
