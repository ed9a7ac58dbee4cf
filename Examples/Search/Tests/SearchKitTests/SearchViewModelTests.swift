import Bindery
import SearchKit
import Testing

/// The search view model alone, on a TestScheduler: the debounce, the failing backend, paging.
@Suite struct SearchViewModelTests {
    private func make() -> (SearchViewModel, TestScheduler) {
        let scheduler = TestScheduler()
        return (SearchViewModel(scheduler: scheduler, backend: SearchBackend(scheduler: scheduler, latency: 0.05)), scheduler)
    }

    @Test func typingRunsOneSearchOnceTheQueryRests() {
        let (model, scheduler) = make()
        var runs = 0
        _ = model.search.isExecuting.signal.observeValues { if $0 { runs += 1 } }
        model.query.value = "sw"
        scheduler.advance(by: 0.2)
        model.query.value = "swift"
        scheduler.advance(by: 0.299)
        #expect(runs == 0)
        scheduler.advance(by: 0.001 + 0.05)
        #expect(runs == 1)
        #expect(model.results.count == SearchBackend.pageSize)
        #expect(model.hasMore.value)
        #expect(model.lastLoadedAt.value == scheduler.currentDate)
    }

    @Test func boomFailsThenAMatchingTextSucceeds() {
        let (model, scheduler) = make()
        var errors: [String] = []
        _ = model.search.errors.observeValues { errors.append($0.description) }
        model.query.value = "boom"
        scheduler.advance(by: 0.35)
        #expect(errors == ["backend said 503 for 'boom'"])
        model.query.value = "swift"
        scheduler.advance(by: 0.35)
        #expect(model.results.count == 20)
    }

    @Test func loadMorePagesOnUntilNothingIsLeft() {
        let (model, scheduler) = make()
        model.query.value = "swift"
        scheduler.advance(by: 0.35)
        for _ in 0..<4 {
            model.loadMore.apply().start()
            scheduler.advance(by: 0.05)
        }
        #expect(model.results.count == 100)
        #expect(model.page.value == 4)
        #expect(!model.hasMore.value)
    }

    @Test func itsOwnStateIsShownNotSettable() {
        let surface = make().0.surface
        #expect(surface.inputs.map(\.name) == ["query", "sort"])
        #expect(surface.outputs.map(\.name) == ["results", "page", "hasMore", "lastLoadedAt"])
        #expect(surface.commands.map(\.name) == ["search", "loadMore"])
    }
}
