import BinderyJSON
import Testing

@Suite(.timeLimit(.minutes(2))) struct JSONParserTests {
    @Test func parsesValuesKeepingMemberOrderAndNumberText() throws {
        let value = try JSONParser.parse(#" {"b": [1, -2.5e1, true, null], "a": "x\u00e9\ud83d\ude00\n"} "#)
        #expect(value == .object([("b", .array([.number("1"), .number("-2.5e1"), .bool(true), .null])), ("a", .string("xé😀\n"))]))
        #expect(value["b"]?.arrayValue?[1].doubleValue == -25)
    }

    @Test func keepsNumbersExactlyAsWritten() throws {
        let text = #"{"id":1,"ok":true,"value":"西\n\"q\"","n":[1.50,-2e3,null,true,0.25,1.0,-0,1E+2]}"#
        #expect(try JSONParser.parse(text).serialized == text)
        let large = try JSONParser.parse("12345678901234567890")
        #expect(large == .number("12345678901234567890"))
        #expect(large.intValue == nil)
        #expect(large.doubleValue == Double("12345678901234567890"))
    }

    @Test func decodesEveryEscape() throws {
        #expect(try JSONParser.parse(#""\"\\\/\b\f\n\r\t\u0041\u00E9\u00e9""#) == .string("\"\\/\u{8}\u{C}\n\r\tAéé"))
        #expect(try JSONParser.parse(#""\uD83D\uDE00""#) == .string("😀"))
    }

    @Test func bytesAndTextParseAlike() throws {
        let text = #"[{"k":"西瓜"},-0.5e-3,false]"#
        #expect(try JSONParser.parse(Array(text.utf8)) == JSONParser.parse(text))
    }

    @Test(arguments: ["", " ", "{", "[1,]", "{\"a\" 1}", "{\"a\":}", "{1:2}", "01", "1.", "-", ".5", "+1", "1e", "tru",
                      "nul", "\"\u{01}\"", "\"\\x\"", "\"\\u12\"", "\"\\u12G4\"", "\"\\ud800\"", "\"\\ud800\\u0041\"",
                      "\"\\udc00\"", "\"abc", "{} {}", "[1] 2", "nan", "1e400", "-1e400"])
    func rejectsMalformedText(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func limitsNesting() throws {
        let deepest = JSONParser.maximumDepth
        #expect(throws: Never.self) {
            try JSONParser.parse(String(repeating: "[", count: deepest) + String(repeating: "]", count: deepest))
        }
        let tooDeep = String(repeating: "[", count: deepest + 1) + String(repeating: "]", count: deepest + 1)
        #expect(throws: JSONParseError("nesting deeper than \(deepest)", at: deepest)) { try JSONParser.parse(tooDeep) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(String(repeating: "{\"a\":", count: 1_000)) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(String(repeating: "[", count: 100_000)) }
    }

    @Test func rejectsInvalidUTF8AtItsOffset() {
        #expect(throws: JSONParseError("not valid UTF-8", at: 1)) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONParseError("not valid UTF-8", at: 6)) { try JSONParser.parse(Array("\"a\\né".utf8) + [0xFF, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0xEF, 0xBB, 0xBF, 0x31]) }
    }

    @Test func errorsNameWhatAndWhere() {
        let cases: [(String, JSONParseError)] = [
            ("{\"a\" 1}", JSONParseError("expected ':'", at: 5)),
            ("[1,]", JSONParseError("unexpected character", at: 3)),
            ("[1 2]", JSONParseError("expected ',' or ']'", at: 3)),
            ("{\"a\":1 \"b\"}", JSONParseError("expected ',' or '}'", at: 7)),
            ("{1}", JSONParseError("expected a member name", at: 1)),
            ("\"abc", JSONParseError("unterminated string", at: 4)),
            ("[1] 2", JSONParseError("unexpected text after the JSON value", at: 4)),
            ("[tru", JSONParseError("unexpected end of input", at: 4)),
            ("[trUe]", JSONParseError("unexpected character", at: 3)),
            ("[1, -]", JSONParseError("bad number", at: 4)),
            ("[1e999]", JSONParseError("number out of range", at: 1)),
            ("\"a\\qb\"", JSONParseError("bad escape", at: 3)),
            ("\"\\ud800x\"", JSONParseError("lone surrogate", at: 1)),
            ("\"a\tb\"", JSONParseError("control character in string", at: 2)),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try JSONParser.parse(text) }
        }
        #expect(JSONParseError("expected ':'", at: 12).description == "expected ':' at byte 12")
    }
}
