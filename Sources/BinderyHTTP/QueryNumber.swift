/// The one rule for a number in binderyd's query strings (docs/HTTP.md) — a version (`since`,
/// `from`, `at`, `before`), a wait in seconds (`wait`) and a count (`limit`, `skip`): plain decimal digits, no sign, no leading zero
/// (but "0" itself), no fraction, exponent, hex, spaces or underscores, within `UInt64`.
///
/// Why so strict: each number has one spelling, so no proxy, cache or log can read a request
/// differently from the daemon (`wait=0x10` is not 16 seconds, `since=05` is no version anyone
/// was given), and a mistyped one is answered 400 rather than guessed at.
public enum QueryNumber {
    /// `text` as a number under the rule, or nil when it is not written so.
    public static func parse(_ text: String) -> UInt64? {
        let digits = text.utf8
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              digits.count == 1 || digits.first != UInt8(ascii: "0") else { return nil }
        return UInt64(text)
    }
}

extension HTTPRequest {
    /// The query parameter `name` as a ``QueryNumber`` (nil: not given), or the 400 a
    /// malformed one gets: one line, "`name` must be `what`: a non-negative integer without
    /// leading zeros" (`what`: "a version", "whole seconds", "a count").
    public func queryNumber(_ name: String, _ what: String) -> Result<UInt64?, HTTPResponseError> {
        guard let text = query(name) else { return .success(nil) }
        guard let value = QueryNumber.parse(text) else {
            return .failure(HTTPResponseError(.badRequest("\(name) must be \(what): a non-negative integer without leading zeros")))
        }
        return .success(value)
    }
}
