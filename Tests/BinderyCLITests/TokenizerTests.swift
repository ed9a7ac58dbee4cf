import BinderyNames
@testable import BinderyCLI
import BinderyJSON
import Testing

@Suite struct TokenizerTests {
    @Test func bareQuotedAndUnicodeWords() throws {
        let tokens = try LineTokenizer.tokenize("set  compass.valueA 西")
        #expect(tokens.map(\.text) == ["set", "compass.valueA", "西"])
        #expect(try LineTokenizer.tokenize(#"set a.b "138 0013\t\"x\"" 'it''s' \u{4e1c}"#).map(\.text)
            == ["set", "a.b", "138 0013\t\"x\"", "its", "u{4e1c}"])
        #expect(try LineTokenizer.tokenize(#"x "\u{6771}\u6771""#).map(\.text) == ["x", "東東"])
        #expect(try LineTokenizer.tokenize(#"x """#) == [Token("x"), Token("", quoted: true)])
        #expect(try LineTokenizer.tokenize(#"a\ b"#).map(\.text) == ["a b"])
    }

    @Test func malformedLinesSayWhy() {
        #expect(throws: TokenizeError.unterminatedQuote("\"")) { try LineTokenizer.tokenize(#"set a.b "open"#) }
        #expect(throws: TokenizeError.unterminatedQuote("'")) { try LineTokenizer.tokenize("set a.b 'open") }
        #expect(throws: TokenizeError.danglingBackslash) { try LineTokenizer.tokenize(#"set a\"#) }
        #expect(throws: TokenizeError.invalidEscape("\\q")) { try LineTokenizer.tokenize(#""\q""#) }
        #expect(LineTokenizer.tokenizeLeniently(#"set "open"#).map(\.text) == ["set", "open"])
    }
}
