import Foundation

/// The account a successful sign-up creates: what `SignUpViewModel.submit` sends.
public struct Account: Codable, Sendable, Equatable {
    public let username: String
    public let email: String
    public let createdAt: Date

    public init(username: String, email: String, createdAt: Date) {
        (self.username, self.email, self.createdAt) = (username, email, createdAt)
    }
}
