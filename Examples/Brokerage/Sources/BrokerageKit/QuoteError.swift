import Foundation

/// Why the quote feed did not answer, in words a person reads.
public enum QuoteError: LocalizedError, Equatable, Sendable {
    /// The feed is briefly unavailable; asking again may work.
    case server(code: Int)
    /// The feed lists no such symbol.
    case unknownSymbol(String)

    public var errorDescription: String? {
        switch self {
        case let .server(code): "Server error \(code), please try again"
        case let .unknownSymbol(symbol): "No quotes for '\(symbol)'"
        }
    }
}
