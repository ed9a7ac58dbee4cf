import Foundation
import ReactiveSwift
import Synchronization

/// A simulated quote feed, deterministic: each symbol's price is a function of `scheduler`'s
/// time (so two feeds asked at one moment agree), answered after `latency` seconds; a symbol
/// it does not list fails with `unknownSymbol`, and `failNextFetches(_:)` makes the next
/// fetches fail with a 503, as a feed that is briefly down does.
public final class QuoteFeed: Sendable {
    /// The symbols listed, and the price each moves around.
    public static let listed: [String: Double] = ["AAPL": 190, "MSFT": 410, "GOOG": 140, "AMZN": 180]

    let scheduler: any DateScheduler & Sendable
    let latency: TimeInterval
    /// How many of the next fetches fail; a mutex, since tests set it from their own thread.
    private let outage = Mutex(0)

    public init(scheduler: any DateScheduler & Sendable, latency: TimeInterval = 0.2) {
        self.scheduler = scheduler
        self.latency = latency
    }

    /// Makes the next `count` fetches fail with `server(code: 503)`.
    public func failNextFetches(_ count: Int) {
        outage.withLock { $0 = count }
    }

    /// The quotes of `symbols`, in that order, after the round trip.
    public func quotes(for symbols: [String]) -> SignalProducer<[Quote], QuoteError> {
        let scheduler = self.scheduler
        return SignalProducer<Void, QuoteError>(value: ())
            .delay(latency, on: scheduler)
            .attemptMap { [self] in
                let failing = outage.withLock { remaining in
                    defer { remaining = max(0, remaining - 1) }
                    return remaining > 0
                }
                if failing { return .failure(.server(code: 503)) }
                if let unknown = symbols.first(where: { Self.listed[$0] == nil }) { return .failure(.unknownSymbol(unknown)) }
                let now = scheduler.currentDate
                return .success(symbols.map { Quote(symbol: $0, price: Self.price(of: $0, at: now), quotedAt: now) })
            }
    }

    /// The price of a listed symbol at `date`: within 2 % of its base, in cents.
    static func price(of symbol: String, at date: Date) -> Double {
        let base = listed[symbol] ?? 0
        let swing = sin(date.timeIntervalSinceReferenceDate / 60 + Double(symbol.count)) * 0.02
        return (base * (1 + swing) * 100).rounded() / 100
    }
}
