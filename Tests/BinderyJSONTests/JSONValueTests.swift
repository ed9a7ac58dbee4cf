import BinderyJSON
import Testing

@Suite(.timeLimit(.minutes(2))) struct JSONValueTests {
    @Test func duplicateKeysAreKeptAndTheLastOneIsLookedUp() throws {
        let value = try JSONParser.parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(value["a"] == .int(3))
        #expect(value["b"] == .int(2))
        #expect(value["c"] == nil)
        #expect(value.serialized == #"{"a":1,"b":2,"a":3}"#)
        #expect(JSONValue.array([]).self["a"] == nil)
    }

    @Test func numbersAreBuiltFromSwiftValues() {
        #expect(JSONValue.int(-7) == .number("-7"))
        #expect(JSONValue.double(0.25) == .number("0.25"))
        #expect(JSONValue.double(1) == .number("1.0"))
        #expect(JSONValue.double(1e20) == .number("1e+20"))
        #expect(JSONValue.double(.infinity) == .null)
        #expect(JSONValue.double(.nan) == .null)
    }

    @Test func numbersCompareByText() {
        #expect(JSONValue.number("1") != .number("1.0"))
        #expect(Set([JSONValue.number("1"), .number("1.0"), .int(1)]).count == 2)
        #expect(JSONValue.object([("a", .int(1)), ("b", .null)]) != .object([("b", .null), ("a", .int(1))]))
    }

    @Test func accessorsReadTheirOwnTypeOnly() {
        #expect(JSONValue.number("42").intValue == 42)
        #expect(JSONValue.number("1.0").intValue == 1)
        #expect(JSONValue.number("1e3").intValue == 1_000)
        #expect(JSONValue.number("-9223372036854775808").intValue == Int.min)
        #expect(JSONValue.number("1.5").intValue == nil)
        #expect(JSONValue.number("1e300").intValue == nil)
        #expect(JSONValue.string("1").intValue == nil)
        #expect(JSONValue.number("-2.5e1").doubleValue == -25)
        #expect(JSONValue.bool(true).doubleValue == nil)
        #expect(JSONValue.string("s").stringValue == "s")
        #expect(JSONValue.number("1").stringValue == nil)
        #expect(JSONValue.bool(false).boolValue == false)
        #expect(JSONValue.null.boolValue == nil)
        #expect(JSONValue.array([.null]).arrayValue == [.null])
        #expect(JSONValue.object([("k", .null)]).objectValue?.map(\.key) == ["k"])
        #expect(JSONValue.array([]).objectValue == nil)
        #expect(JSONValue.null.isNull && !JSONValue.bool(false).isNull)
    }

    @Test func typeNamesReadInErrorMessages() {
        let values: [JSONValue] = [.null, .bool(true), .int(1), .string(""), .array([]), .object([])]
        #expect(values.map(\.typeName) == ["null", "a boolean", "a number", "a string", "an array", "an object"])
    }
}
