import BinderyJSON
import Testing

@Suite(.timeLimit(.minutes(2))) struct JSONWritingTests {
    @Test func minimalEscapingKeepsTextReadable() {
        #expect(JSONEscaping.minimal.quoted("a\"b\\c\n\r\t\u{1}\u{1F}<>&é西\u{7F}") == #""a\"b\\c\n\r\t\u0001\u001f<>&é西"# + "\u{7F}\"")
    }

    @Test func htmlSafeEscapingAlsoHidesMarkup() {
        #expect(JSONEscaping.htmlSafe.quoted("<a href=\"x\">&</a>\u{7F}é") == #""\u003ca href=\"x\"\u003e\u0026\u003c/a\u003e\u007fé""#)
    }

    @Test(arguments: [JSONEscaping.minimal, .htmlSafe])
    func escapedStringsParseBack(escaping: JSONEscaping) throws {
        let every = String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init))) + "é西😀"
        for text in [every, "", "plain", "\"", "\\\\"] {
            var bytes: [UInt8] = []
            escaping.appendQuoted(text, to: &bytes)
            #expect(try JSONParser.parse(bytes) == .string(text))
        }
    }

    @Test func writesValuesCompactlyInOrder() throws {
        let value = JSONValue.object([("z", .array([.int(1), .double(0.5), .null, .bool(false)])), ("a", .string("<&>")), ("o", .object([]))])
        #expect(value.serialized == #"{"z":[1,0.5,null,false],"a":"<&>","o":{}}"#)
        var bytes: [UInt8] = Array("x".utf8)
        value.write(to: &bytes, escaping: .htmlSafe)
        #expect(String(decoding: bytes, as: UTF8.self) == #"x{"z":[1,0.5,null,false],"a":"\u003c\u0026\u003e","o":{}}"#)
        #expect(try JSONParser.parse(Array(bytes.dropFirst())) == value)
    }

    /// One writer for structure and parsed values: a value written inside an object, with keys
    /// and commas placed by the writer, reads back as the same value.
    @Test func theWriterPlacesCommasAndWritesParsedValuesInside() throws {
        let inner = JSONValue.array([.int(1), .object([("k", .string("v<"))]), .double(2.5)])
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a"); writer.value(inner)
        writer.key("b"); writer.double(.infinity)
        writer.key("c"); writer.raw(Array("[true]".utf8))
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":[1,{"k":"v\u003c"},2.5],"b":null,"c":[true]}"#)
        #expect(try JSONParser.parse(writer.bytes) == .object([("a", inner), ("b", .null), ("c", .array([.bool(true)]))]))
    }
}
