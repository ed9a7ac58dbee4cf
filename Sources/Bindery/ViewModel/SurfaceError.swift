import BinderyProtocol

/// Why a surface operation was refused or failed. `message` is one line a person can act on.
public struct SurfaceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure: the control protocol's error code (one list, BinderyProtocol' `ErrorCode`).
    public let code: ErrorCode
    /// The one-line explanation.
    public let message: String

    /// An error of kind `code` explained by `message`.
    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
