import Foundation

/// Why the chat server refused a message, in words a person reads.
public enum ChatError: LocalizedError, Equatable, Sendable {
    case tooLong(length: Int, limit: Int)

    public var errorDescription: String? {
        switch self {
        case let .tooLong(length, limit): "Messages are at most \(limit) characters; this one has \(length)"
        }
    }
}
