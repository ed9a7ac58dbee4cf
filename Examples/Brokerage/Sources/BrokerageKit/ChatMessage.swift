import Foundation

/// One message of the chat, sent by the user or by the broker.
public struct ChatMessage: Codable, Sendable, Equatable {
    public let author: String
    public let text: String
    public let sentAt: Date

    public init(author: String, text: String, sentAt: Date) {
        (self.author, self.text, self.sentAt) = (author, text, sentAt)
    }
}
