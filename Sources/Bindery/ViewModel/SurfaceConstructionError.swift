/// A surface that cannot be built as declared: its ``Surface/problems``, each one line naming
/// the view model, the member and what to change. The library never ends the program over
/// it; a program decides (`DaemonMain.run` prints it as one line and exits with status 1), and
/// a test can check the message.
public struct SurfaceConstructionError: Error, CustomStringConvertible, Sendable {
    /// One line each, in the order they were found.
    public let problems: [String]

    /// The problems, joined into one line.
    public var description: String { problems.joined(separator: "; ") }
}
