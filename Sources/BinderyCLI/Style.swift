/// ANSI colours, on only when they help: output to a terminal and `NO_COLOR` unset or empty.
public struct Style: Sendable {
    /// Whether escapes are emitted.
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    /// Colours for a terminal unless the user opted out (https://no-color.org).
    public static func forOutput(isTerminal: Bool, environment: [String: String]) -> Style {
        Style(enabled: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    /// "error: …" with the label in red.
    public func error(_ message: String) -> String { red("error:") + " " + message }
}
