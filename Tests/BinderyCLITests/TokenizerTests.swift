@testable import BinderyCLI
import BinderyJSON
import BinderyProtocol
import BinderyTestSupport
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct TokenizerTests {
    @Test func bareQuotedAndUnicodeWords() throws {
        let tokens = try LineTokenizer.tokenize("set  compass.valueA 西")
        #expect(tokens.map(\.text) == ["set", "compass.valueA", "西"])
        #expect(try LineTokenizer.tokenize(#"set a.b "138 0013\t\"x\"" 'it''s' \u{4e1c}"#).map(\.text)
            == ["set", "a.b", "138 0013\t\"x\"", "its", "u{4e1c}"])
        #expect(try LineTokenizer.tokenize(#"x "\u{6771}\u6771""#).map(\.text) == ["x", "東東"])
        #expect(try LineTokenizer.tokenize(#"x """#) == [Token("x"), Token("", quoted: true)])
        #expect(try LineTokenizer.tokenize(#"a\ b"#).map(\.text) == ["a b"])
    }

    @Test func aWordStartingWithABracketIsJSONAsTyped() throws {
        #expect(try LineTokenizer.tokenize(#"set trip.tags ["a", "b"]"#).map(\.text) == ["set", "trip.tags", #"["a", "b"]"#])
        #expect(try LineTokenizer.tokenize(#"set trip.plan {"title": "a ] b", "stops": [1, {"x": "\"}"}]} &"#).map(\.text)
            == ["set", "trip.plan", #"{"title": "a ] b", "stops": [1, {"x": "\"}"}]}"#, "&"])
        // Brackets that do not close before a space: read the ordinary way.
        #expect(try LineTokenizer.tokenize(#"set a.b [x y"#).map(\.text) == ["set", "a.b", "[x", "y"])
        #expect(try LineTokenizer.tokenize(#"set a.b [x]y"#).map(\.text) == ["set", "a.b", "[x]y"])
        #expect(try LineTokenizer.tokenize(#"set a.b x["a"]"#).map(\.text) == ["set", "a.b", "x[a]"], "only a word's first character counts")
    }

    @Test func malformedLinesSayWhy() {
        #expect(throws: TokenizeError.unterminatedQuote("\"")) { try LineTokenizer.tokenize(#"set a.b "open"#) }
        #expect(throws: TokenizeError.unterminatedQuote("'")) { try LineTokenizer.tokenize("set a.b 'open") }
        #expect(throws: TokenizeError.danglingBackslash) { try LineTokenizer.tokenize(#"set a\"#) }
        #expect(throws: TokenizeError.invalidEscape("\\q")) { try LineTokenizer.tokenize(#""\q""#) }
        #expect(LineTokenizer.tokenizeLeniently(#"set "open"#).map(\.text) == ["set", "open"])
    }

    /// Words carry exactly the scalars typed (issue 22, item 7), and a combining mark cannot
    /// hide a quote, a backslash or a space by merging with it into one Character.
    @Test func wordsKeepTheirScalarsAndCombiningMarksHideNothing() throws {
        let scalars = { (tokens: [Token]) in tokens.map { Array($0.text.unicodeScalars) } }
        #expect(scalars(try LineTokenizer.tokenize(#"set signin.username "cafe\u0301""#))[2] == Array("cafe\u{301}".unicodeScalars))
        #expect(scalars(try LineTokenizer.tokenize("set signin.username caf\u{E9}"))[2] == Array("caf\u{E9}".unicodeScalars))
        #expect(scalars(try LineTokenizer.tokenize("x \"a\"\u{301} y")) == [["x"], ["a", "\u{301}"], ["y"]])
        #expect(scalars(try LineTokenizer.tokenize("x \u{301}y")) == [["x"], ["\u{301}", "y"]])
        #expect(scalars(try LineTokenizer.tokenize("x \\\u{301}")) == [["x"], ["\u{301}"]])
    }
}
