import BrokerageKit
import Foundation
import ReactiveSwift
import Testing

/// The polled watch list alone, on a TestScheduler: the timer and its pause, the retries'
/// backoff, the last good answer kept beside the error, the staleness flag.
@Suite(.timeLimit(.minutes(1))) struct QuotesViewModelTests {
    private func make() -> (QuotesViewModel, QuoteFeed, TestScheduler) {
        let scheduler = TestScheduler()
        let feed = QuoteFeed(scheduler: scheduler, latency: 0.2)
        return (QuotesViewModel(feed: feed, scheduler: scheduler, pollEvery: 5), feed, scheduler)
    }

    private func runs(of model: QuotesViewModel) -> () -> Int {
        var count = 0
        model.refresh.isExecuting.signal.observeValues { if $0 { count += 1 } }
        return { count }
    }

    @Test func itPollsEveryIntervalUntilPausedAndAgainOnceResumed() {
        let (model, _, scheduler) = make()
        let start = scheduler.currentDate
        let count = runs(of: model)
        scheduler.advance(by: 4.9)
        #expect(count() == 0)
        scheduler.advance(by: 0.35)
        #expect(count() == 1)
        #expect(model.quotes.value.map(\.symbol) == ["AAPL", "MSFT", "GOOG"])
        #expect(model.quotes.value.allSatisfy { $0.quotedAt.timeIntervalSince(start) == 5 + 0.2 })
        scheduler.advance(by: 5)
        #expect(count() == 2)
        model.isPaused.value = true
        scheduler.advance(by: 20)
        #expect(count() == 2)
        model.isPaused.value = false
        scheduler.advance(by: 5)
        #expect(count() == 3)
    }

    @Test func aFailedFetchIsRetriedAfterHalfASecondThenASecond() {
        let (model, feed, scheduler) = make()
        feed.failNextFetches(2)
        // The poll's fetch fails at 5.2, the first retry (at 5.7) at 5.9; the second retry,
        // at 6.9, answers at 7.1.
        scheduler.advance(by: 7.09)
        #expect(model.quotes.value.isEmpty)
        scheduler.advance(by: 0.02)
        #expect(model.quotes.value.count == 3)
        #expect(model.lastError.value == nil)
    }

    @Test func whenRetriesRunOutTheErrorIsShownInWordsBesideTheLastGoodQuotes() {
        let (model, feed, scheduler) = make()
        scheduler.advance(by: 5.3)
        let good = model.quotes.value
        #expect(good.count == 3)
        feed.failNextFetches(3)
        scheduler.advance(by: 5 + 2.2)         // the poll at 10 and its retries fail by 12.1
        #expect(model.lastError.value == "Server error 503, please try again")
        #expect(model.quotes.value == good)
        scheduler.advance(by: 5)
        #expect(model.lastError.value == nil)
    }

    @Test func anUnknownSymbolIsNamed() {
        let (model, _, scheduler) = make()
        model.symbols.value = ["AAPL", "NOPE"]
        model.isPaused.value = true
        model.refresh.apply().start()
        scheduler.advance(by: 2.09)
        #expect(model.lastError.value == nil)  // the second retry fails at 2.1
        scheduler.advance(by: 0.02)
        #expect(model.lastError.value == "No quotes for 'NOPE'")
    }

    @Test func theListIsStaleAfterThreePollsWithoutAnAnswer() {
        let (model, feed, scheduler) = make()
        scheduler.advance(by: 5.2)             // the last answer, at 5.2
        #expect(!model.isStale.value)
        feed.failNextFetches(100)
        scheduler.advance(by: 14.99)
        #expect(!model.isStale.value)
        scheduler.advance(by: 0.02)
        #expect(model.isStale.value)
    }
}
