/// The type of a view-model input as `describe` reports it; decides how `set` parses text.
public enum ValueType: String, Sendable, Hashable, CaseIterable {
    case string, int, double, bool

    /// How an error message names the type: "a string", "an int (a whole number)", ….
    public var phrase: String {
        switch self {
        case .string: return "a string"
        case .int: return "an int (a whole number, e.g. 800)"
        case .double: return "a double (a number, e.g. 0.5)"
        case .bool: return "a bool (true or false)"
        }
    }
}
