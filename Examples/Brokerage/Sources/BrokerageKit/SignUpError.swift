import Foundation

/// Why the account server refused a sign-up, in words a person reads.
public enum SignUpError: LocalizedError, Equatable, Sendable {
    /// Someone took the name between the check and the submit.
    case usernameTaken(String)
    /// The address's domain accepts no mail.
    case emailRejected(domain: String)

    public var errorDescription: String? {
        switch self {
        case let .usernameTaken(name): "The username '\(name)' is already taken"
        case let .emailRejected(domain): "The domain '\(domain)' does not accept mail; use another address"
        }
    }
}
