import Bindery
import FoundationEssentials

/// A search screen that drives itself: the query is debounced into `search` (a binding, not
/// a person, runs it), `loadMore` pages on, and the page, whether there is more and when the
/// results were loaded are the view model's own state — shown, never set by a client.
public final class SearchViewModel: ViewModel {
    public let query = MutableProperty("")
    public let sort = MutableProperty(SortOrder.relevance)
    public let results = MutableListProperty<SearchResult>()
    public let page = MutableProperty(0)
    public let hasMore = MutableProperty(false)
    public let lastLoadedAt = MutableProperty<Date?>(nil)
    public let search: Action<Void, Int, SearchError>
    public let loadMore: Action<Void, Int, SearchError>

    public init(scheduler: DateScheduler, backend: SearchBackend) {
        let (query, sort, results, page, hasMore, lastLoadedAt) = (self.query, self.sort, self.results, self.page, self.hasMore, self.lastLoadedAt)
        search = Action { _ in
            backend.search(query.value, order: sort.value, page: 0).map { found in
                results.value = found.rows
                (page.value, hasMore.value, lastLoadedAt.value) = (0, found.hasMore, scheduler.currentDate)
                return results.count
            }
        }
        loadMore = Action(enabledIf: hasMore) { _ in
            backend.search(query.value, order: sort.value, page: page.value + 1).map { found in
                results.append(contentsOf: found.rows)
                (page.value, hasMore.value, lastLoadedAt.value) = (page.value + 1, found.hasMore, scheduler.currentDate)
                return results.count
            }
        }
        // Typing runs the search once the query has rested for 0.3 s; so does a new order.
        search <~ query.signal.debounce(0.3, on: scheduler).map { _ in () }
        search <~ sort.signal.map { _ in () }
    }

    public var surface: Surface {
        Surface(self) {
            // The view model's own state: shown as outputs, not settable by clients.
            $0.readOnly(\.page, \.hasMore, \.lastLoadedAt)
        }
    }
}
