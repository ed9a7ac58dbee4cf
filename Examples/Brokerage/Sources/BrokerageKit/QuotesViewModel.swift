import Foundation
import ReactiveSwift

/// A watch list polled on a timer while it is not paused: each poll retries a failed fetch
/// twice (after 0.5 s, then 1 s), the list keeps the last good answer, and it is flagged
/// stale when no answer came for three polls.
public final class QuotesViewModel: Sendable {
    public let symbols = MutableProperty(["AAPL", "MSFT", "GOOG"])
    public let isPaused = MutableProperty(false)

    public let quotes: Property<[Quote]>
    public let lastError: Property<String?>
    public let isStale: Property<Bool>
    public let refresh: Action<Void, [Quote], QuoteError>

    private let _quotes = MutableProperty<[Quote]>([])

    public init(feed: QuoteFeed, scheduler: DateScheduler, pollEvery interval: Int = 5) {
        quotes = Property(_quotes)
        let symbols = self.symbols
        refresh = Action {
            feed.quotes(for: symbols.value).retry(upTo: 2, backoff: 0.5, on: scheduler)
        }
        _quotes <~ refresh.values

        lastError = Property(initial: nil, then: Signal.merge(
            refresh.errors.map { Optional($0.localizedDescription) },
            refresh.values.map { _ in nil }))
        isStale = Property(initial: false, then: refresh.values.flatMap(.latest) { _ in
            SignalProducer(value: true).delay(TimeInterval(3 * interval), on: scheduler).prefix(value: false)
        })

        refresh <~ isPaused.producer.flatMap(.latest) { paused in
            paused ? .empty : SignalProducer.timer(interval: .seconds(interval), on: scheduler).map { _ in () }
        }
    }
}
