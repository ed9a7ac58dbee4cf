// A test helper, run by Tests/web/graph_readability_test.py and SelfDrivingGraphEndToEndTests:
// a DaemonMain program serving a search screen as a newcomer writes it from docs/GUIDE.md
// before reading about `readOnly` (Examples/Search is the same screen written with it) — a debounced query
// bound to its search command, a paginated loadMore, a backend that fails for "boom", a `Date?`
// and an enum member — so the dashboard draws the binding graph of a view model that drives
// itself (6 inputs, 2 outputs, 2 commands), read from its code through `debounce` and `<~`.
import Bindery
import BinderyHost
import FoundationEssentials

/// What the backend says when it fails.
struct BackendError: Error, CustomStringConvertible {
    let description: String
}

/// A search over a fixed catalogue of titles, 20 rows a page.
final class SearchViewModel: ViewModel {
    enum SortOrder: String, Codable, SurfaceRepresentable, Sendable { case relevance, newest, title }

    let query = MutableProperty("")
    let sort = MutableProperty(SortOrder.relevance)
    let page = MutableProperty(0)
    let pageSize = MutableProperty(20)
    let hasMore = MutableProperty(false)
    let lastLoadedAt = MutableProperty<Date?>(nil)
    let results: Property<[String]>
    let summary: Property<String>
    let search: Action<Void, Int, BackendError>
    let loadMore: Action<Void, Int, BackendError>
    private let _rows = MutableProperty<[String]>([])

    init(scheduler: DateScheduler) {
        let (query, sort, page, pageSize, hasMore, lastLoadedAt, rows) = (query, sort, page, pageSize, hasMore, lastLoadedAt, _rows)
        func fetch(page number: Int) -> SignalProducer<[String], BackendError> {
            let text = query.value
            guard text != "boom" else { return SignalProducer(error: BackendError(description: "backend said 503 for 'boom'")) }
            let matching = (0..<100).map { "\(text) \(sort.value.rawValue) #\($0)" }
            let start = number * pageSize.value
            return SignalProducer(value: Array(matching.dropFirst(start).prefix(pageSize.value)))
        }
        results = Property(rows)
        summary = results.combineLatest(with: query).map { rows, text in "\(rows.count) rows for \"\(text)\"" }
        search = Action {
            fetch(page: 0).on(value: { found in
                rows.value = found
                page.value = 0
                hasMore.value = found.count == pageSize.value
                lastLoadedAt.value = Date()
            }).map(\.count)
        }
        loadMore = Action(enabledIf: hasMore) {
            fetch(page: page.value + 1).on(value: { found in
                rows.value += found
                page.value += 1
                hasMore.value = found.count == pageSize.value
                lastLoadedAt.value = Date()
            }).map(\.count)
        }
        search <~ query.signal.debounce(0.3, on: scheduler).map { _ in () }
    }

    var surface: Surface {
        Surface(self) {
            // The search reads the sort inside its work: composition shows only what starts it.
            $0.derive(\.search, from: \.query, \.sort)
            $0.derive(\.loadMore, from: \.page)
            $0.derive(\.results, from: \.search, \.loadMore)
        }
    }
}

DaemonMain.run { environment in [SearchViewModel(scheduler: environment.scheduler)] }
