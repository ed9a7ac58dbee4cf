import ReactiveSwift
import Search
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SearchViewModelTests {
    let catalogue = [Hit(title: "Swift", score: 2), Hit(title: "Swiftly", score: 5), Hit(title: "Rust", score: 9)]

    @Test func debouncedQueriesShowTheBestHitsFirst() {
        let scheduler = TestScheduler()
        let viewModel = SearchViewModel(catalogue: catalogue, scheduler: scheduler)
        viewModel.query.value = "s"
        scheduler.advance(by: .milliseconds(100))
        viewModel.query.value = " swi "
        #expect(viewModel.titles.value == [], "nothing before the debounce interval")
        scheduler.advance(by: .milliseconds(300))
        #expect(viewModel.titles.value == ["Swiftly", "Swift"])
        viewModel.query.value = "r"
        scheduler.advance(by: .seconds(1))
        #expect(viewModel.titles.value == [], "too short: no hits")
        #expect(viewModel.log == [#"[search] value [Search.Hit(title: "Swiftly", score: 5), Search.Hit(title: "Swift", score: 2)]"#, "[search] value []"])
    }

    @Test func eventsPrintAsReactiveSwiftPrintsThem() {
        var printed: [String] = []
        SignalProducer<Int, Never>([1, 2, 3, 4]).collect(count: 2).materialize().startWithValues { printed.append("\($0)") }
        #expect(printed == ["VALUE [1, 2]", "VALUE [3, 4]", "COMPLETED"])
    }
}
