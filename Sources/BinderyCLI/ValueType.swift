/// The type of a view-model input as `describe` reports it; decides how `set` parses text.
public enum ValueType: String, Sendable, Hashable, CaseIterable {
    /// `json`: an input of a Codable type of the view model's own, typed as JSON text.
    case string, int, double, bool, json

    /// How an error message names the type, as the daemon's do: "a string", "an int", "a
    /// JSON value", ….
    public var phrase: String {
        switch self {
        case .int: return "an int"
        case .json: return "a JSON value"
        default: return "a \(rawValue)"
        }
    }
}
