import BinderyNames
@testable import BinderyCLI
import BinderyJSON
import Testing

@Suite struct ValueParsingTests {
    @Test func valuesFollowTheInputType() throws {
        #expect(try ValueParser.parse(Token("西"), as: .string, for: "c.v") == .string("西"))
        #expect(try ValueParser.parse(Token("800"), as: .int, for: "api.latencyMs") == .int(800))
        #expect(try ValueParser.parse(Token("0.5"), as: .double, for: "api.failureRate") == .number("0.5"))
        #expect(try ValueParser.parse(Token("1"), as: .double, for: "api.failureRate") == .number("1"))
        #expect(try ValueParser.parse(Token(".5"), as: .double, for: "x") == .number("0.5"))
        #expect(try ValueParser.parse(Token("yes"), as: .bool, for: "x") == .bool(true))
        #expect(try ValueParser.parse(Token("off"), as: .bool, for: "x") == .bool(false))
        #expect(try ValueParser.parse(Token("42"), as: .string, for: "x") == .string("42"))
    }

    @Test func wrongValuesNameTheExpectedType() {
        #expect(throws: ValueError.self) { try ValueParser.parse(Token("fast"), as: .int, for: "api.latencyMs") }
        do {
            _ = try ValueParser.parse(Token("lots"), as: .double, for: "api.failureRate", constraint: "between 0 and 1")
            Issue.record("accepted a non-number")
        } catch {
            #expect(error.message == #"api.failureRate expects a double between 0 and 1, got "lots""#)
        }
        #expect(throws: ValueError.self) { try ValueParser.parse(Token("nan"), as: .double, for: "x") }
        #expect(throws: ValueError(message: #"api.latencyMs expects an int between 0 and 60000, got "99999999999999999999", which is out of range"#)) {
            try ValueParser.parse(Token("99999999999999999999"), as: .int, for: "api.latencyMs", constraint: "between 0 and 60000")
        }
        #expect(throws: ValueError(message: #"products.toggle expects index to be an int, got "x""#)) {
            try ValueParser.parse(Token("x"), as: .int, for: "products.toggle", argument: "index")
        }
        #expect(throws: ValueError.self) { try ValueParser.parse(Token("maybe"), as: .bool, for: "x") }
    }

    @Test func jsonInputsTakeJSONText() throws {
        #expect(try ValueParser.parse(Token(#"{"seat": "1A", "legs": [1, 2]}"#), as: .json, for: "trip.booking").serialized
            == #"{"seat":"1A","legs":[1,2]}"#)
        #expect(throws: ValueError(message: #"trip.booking expects a JSON value, got "{seat:""#)) {
            try ValueParser.parse(Token("{seat:"), as: .json, for: "trip.booking")
        }
    }
}
