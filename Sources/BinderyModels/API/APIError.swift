import BinderyProtocol

/// Why a call of the simulated network failed. `description` is the one line a person sees.
public enum APIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The provoked failure (`api.failureRate`): the seed's "服务器不给力".
    case serverUnavailable
    /// No account has this phone number.
    case unknownAccount(phone: String)
    /// The account exists but its code is a different one.
    case wrongVerificationCode
    /// No user has this username; `known` lists those that exist.
    case unknownUser(username: String, known: [String])
    /// The store failed or refused the arguments; the store's own message.
    case store(String)

    public var description: String {
        switch self {
        case .serverUnavailable: "Server unavailable, please retry"
        case let .unknownAccount(phone): "No account with mobile number \(phone)"
        case .wrongVerificationCode: "Wrong verification code"
        case let .unknownUser(username, known):
            "No user named '\(username)'" + DidYouMean.suffix(for: username, among: known, listing: "users")
        case let .store(message): message
        }
    }
}
