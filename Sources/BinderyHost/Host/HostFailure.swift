import Bindery
import BinderyProtocol

/// Why a host operation was refused or failed, with the control protocol's error code
/// (docs/PROTOCOL.md) and a one-line message. A failed operation changed nothing.
public struct HostFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public let code: ErrorCode
    /// One line a person can act on.
    public let message: String

    /// A failure of kind `code`; line breaks in `message` are replaced by spaces.
    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The same failure as a view model reported it.
    public init(_ error: SurfaceError) {
        self.init(error.code, error.message)
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
