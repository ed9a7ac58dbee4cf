/// The type of a view-model input as `describe` reports it; decides how `set` parses text.
public enum ValueType: String, Sendable, Hashable, CaseIterable {
    case string, int, double, bool

    /// How an error message names the type, as the daemon's do: "a string", "an int", ….
    public var phrase: String { self == .int ? "an int" : "a \(rawValue)" }
}
