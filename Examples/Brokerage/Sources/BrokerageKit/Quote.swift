import Foundation

/// One row of the quotes list.
public struct Quote: Codable, Sendable, Equatable {
    public let symbol: String
    public let price: Double
    public let quotedAt: Date

    public init(symbol: String, price: Double, quotedAt: Date) {
        (self.symbol, self.price, self.quotedAt) = (symbol, price, quotedAt)
    }
}
