import Bindery
import FoundationEssentials

/// One search result: a row of `search.results`. A `Codable` struct is a list row as it is:
/// its fields are the columns, in declaration order.
public struct SearchResult: Codable, Sendable, Equatable {
    public let title: String
    public let year: Int
    public let addedAt: Date

    public init(title: String, year: Int, addedAt: Date) {
        (self.title, self.year, self.addedAt) = (title, year, addedAt)
    }
}

/// How results are ordered: an input typed as written (`SortOrder: relevance | newest | title`).
public enum SortOrder: String, Codable, CaseIterable, Sendable {
    case relevance, newest, title
}

/// Why a search failed: the message is what binderyctl and the dashboard show.
public struct SearchError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// One page of results, and whether there are more.
public struct SearchPage: Sendable {
    public let rows: [SearchResult]
    public let hasMore: Bool
}

/// A catalogue searched by title, `pageSize` results a page, answering after `latency`
/// seconds of scheduler time. It fails for the query "boom", as a broken backend would.
public final class SearchBackend: Sendable {
    public static let pageSize = 20
    let catalogue: [SearchResult]
    let scheduler: any DateScheduler & Sendable
    let latency: Double

    /// A catalogue of `size` titles ("Swift book 1", "Rust book 2", … cycling through five
    /// languages), added a day apart from the epoch on.
    public init(scheduler: any DateScheduler & Sendable, latency: Double = 0.05, size: Int = 500) {
        let languages = ["Swift", "Rust", "Go", "Haskell", "OCaml"]
        catalogue = (0..<size).map { index in
            SearchResult(title: "\(languages[index % languages.count]) book \(index + 1)", year: 1990 + index % 35,
                         addedAt: Date(timeIntervalSince1970: Double(index) * 86_400))
        }
        self.scheduler = scheduler
        self.latency = latency
    }

    /// Page `page` (from 0) of the titles containing `query` (case-insensitively), in `order`.
    public func search(_ query: String, order: SortOrder, page: Int) -> SignalProducer<SearchPage, SearchError> {
        let needle = query.lowercased()
        let found = catalogue.filter { needle.isEmpty || $0.title.lowercased().contains(needle) }
        let sorted: [SearchResult] = switch order {
        case .relevance: found
        case .newest: found.sorted { $0.addedAt > $1.addedAt }
        case .title: found.sorted { $0.title < $1.title }
        }
        let start = min(page * Self.pageSize, sorted.count)
        let rows = Array(sorted[start..<min(start + Self.pageSize, sorted.count)])
        let answer = SearchPage(rows: rows, hasMore: start + rows.count < sorted.count)
        // A failure is not delayed (GUIDE §12): delay a value, then turn it into the failure.
        return SignalProducer<SearchPage?, SearchError>(value: query == "boom" ? nil : answer)
            .delay(latency, on: scheduler)
            .attemptMap { page in
                guard let page else { return .failure(SearchError(description: "backend said 503 for 'boom'")) }
                return .success(page)
            }
    }
}
