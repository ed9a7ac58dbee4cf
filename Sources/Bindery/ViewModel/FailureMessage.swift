// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one rule for how a view model's error becomes the text a host shows — a command's
/// failure in the REPL, its `lastError`, the dashboard, the event log — and a daemon's
/// message when building the view models fails.
public enum FailureMessage {
    /// A `LocalizedError`'s `errorDescription` ("Server error 503, please try again"), when it
    /// has one; otherwise the error as Swift describes it (`server(code: 503)`, a
    /// `CustomStringConvertible`'s `description`).
    public static func of(_ error: any Error) -> String {
        if let localized = error as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        return "\(error)"
    }
}

extension SurfaceError {
    /// A view model's `error` as a command's failure (``ErrorCode/failed``), worded by
    /// ``FailureMessage/of(_:)``.
    init(failure error: any Error) {
        self.init(.failed, FailureMessage.of(error))
    }
}
