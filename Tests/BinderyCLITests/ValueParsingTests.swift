import BinderyJSON
import BinderyProtocol
import BinderyTestSupport
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ValueParsingTests {
    @Test func valuesFollowTheValueType() throws {
        #expect(try ValueType.string.parse("西", for: "c.v") == .string("西"))
        #expect(try ValueType.int.parse("800", for: "api.latencyMs") == .int(800))
        #expect(try ValueType.double.parse("0.5", for: "api.failureRate") == .number("0.5"))
        #expect(try ValueType.double.parse("1", for: "api.failureRate") == .number("1"))
        #expect(try ValueType.double.parse(".5", for: "x") == .number("0.5"))
        #expect(try ValueType.bool.parse("yes", for: "x") == .bool(true))
        #expect(try ValueType.bool.parse("off", for: "x") == .bool(false))
        #expect(try ValueType.string.parse("42", for: "x") == .string("42"))
    }

    @Test func wrongValuesNameTheExpectedType() {
        #expect(throws: ValueError.self) { try ValueType.int.parse("fast", for: "api.latencyMs") }
        do {
            _ = try ValueType.double.parse("lots", for: "api.failureRate", constraint: "between 0 and 1")
            Issue.record("accepted a non-number")
        } catch {
            #expect(error.message == #"api.failureRate expects a double between 0 and 1, got "lots""#)
        }
        #expect(throws: ValueError.self) { try ValueType.double.parse("nan", for: "x") }
        #expect(throws: ValueError(message: #"api.latencyMs expects an int between 0 and 60000, got "99999999999999999999", which is out of range"#)) {
            try ValueType.int.parse("99999999999999999999", for: "api.latencyMs", constraint: "between 0 and 60000")
        }
        #expect(throws: ValueError(message: #"products.toggle expects index to be an int, got "x""#)) {
            try ValueType.int.parse("x", for: "products.toggle", argument: "index")
        }
        #expect(throws: ValueError.self) { try ValueType.bool.parse("maybe", for: "x") }
    }

    @Test func anOptionalTakesNullAsWell() throws {
        #expect(try ValueType.int.parse(" null ", for: "trip.stops", orNull: true) == .null)
        #expect(try ValueType.string.parse("null", for: "trip.note") == .string("null"), "only an optional reads null as none")
        #expect(throws: ValueError(message: #"trip.stops expects an int or null, got "none""#)) {
            try ValueType.int.parse("none", for: "trip.stops", orNull: true)
        }
    }

    @Test func jsonInputsTakeJSONText() throws {
        #expect(try ValueType.json.parse(#"{"seat": "1A", "legs": [1, 2]}"#, for: "trip.booking").serialized
            == #"{"seat":"1A","legs":[1,2]}"#)
        #expect(throws: ValueError(message: #"trip.booking expects a JSON value, got "{seat:""#)) {
            try ValueType.json.parse("{seat:", for: "trip.booking")
        }
    }
}
