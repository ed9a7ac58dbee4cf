import BinderyJSON
import FuzzSupport

/// The JSON parser (BinderyJSON) on any bytes: control-protocol lines, request bodies and
/// stored values all reach it. Beyond not trapping, hanging or growing without bound (what
/// libFuzzer and AddressSanitizer watch), it checks that
/// - text that is valid UTF-8 parses the same, value or error, through `parse(String)` (which
///   skips the UTF-8 check) as through `parse([UInt8])`;
/// - an error's offset lies within the input;
/// - a parsed value written compactly parses back to an equal value, and writing that is
///   the same bytes again (one spelling per value).
enum JSONParserFuzz {
    static func check(_ bytes: [UInt8]) {
        let fromBytes = Result { () throws(JSONParseError) in try JSONParser.parse(bytes) }
        if case let .failure(error) = fromBytes {
            precondition(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside \(bytes.count) bytes")
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            let fromText = Result { () throws(JSONParseError) in try JSONParser.parse(text) }
            precondition(fromText == fromBytes, "parse(String) and parse([UInt8]) differ: \(fromText) vs \(fromBytes)")
        }
        guard case let .success(value) = fromBytes else { return }
        var written: [UInt8] = []
        value.write(to: &written)
        guard let reparsed = try? JSONParser.parse(written) else {
            preconditionFailure("written JSON does not parse: \(String(decoding: written, as: UTF8.self))")
        }
        precondition(reparsed == value, "written and parsed again differs")
        var again: [UInt8] = []
        reparsed.write(to: &again)
        precondition(again == written, "two writings of one value differ")
    }
}

/// The harness program (see ``FuzzMain``).
@main enum Harness {
    static func main() {
        FuzzMain.run { data, size in
            JSONParserFuzz.check(FuzzMain.bytes(data, size))
            return 0
        }
    }
}
