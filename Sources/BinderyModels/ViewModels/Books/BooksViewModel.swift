import Bindery

/// The book search of seed 001 (RequestViewModel), over the store instead of a public API.
///
/// Guarantees: `search` asks the API for the books whose title or author contains `query`
/// (ignoring case; an empty query matches every book) and, on success, replaces `books` and
/// `count` together; a failed search leaves the previous results in place.
public final class BooksViewModel: SummarizedViewModel {
    /// The view model's name in its host.
    public static let name = "books"

    /// The text to search for.
    public let query = MutableProperty("")
    /// The results of the last successful search, by title.
    public let books: Property<[Book]>
    /// How many books the last successful search found.
    public let count: Property<Int>
    /// Searches for `query`; produces the matching books.
    public let search: Action<Void, [Book], APIError>
    public let summary = """
        Seed 001's request view model. `search` sends `query` through the API (the seed asked a \
        public book-search API with q=…) and shows the matching books as {title, author, year} \
        records, with their `count`.
        """

    private let results = MutableProperty<[Book]>([])

    /// The books view model over `api` (`context` is the demo's common one; how long its
    /// command may run is the host's alone: `--command-timeout`).
    public init(context: ModelContext, api: APIClient) {
        let query = query
        let results = results
        books = Property(results)
        count = books.map(\.count).skipRepeats()
        search = Action { _ in
            api.books(matching: query.value).on(value: { results.value = $0 })
        }
    }
}

extension BooksViewModel {
    /// Discovered from the members above, and what each derives from from how they are
    /// composed; declared are the query's length limit and the one edge composition cannot
    /// show.
    public var surface: Surface {
        Surface(self) {
            $0.constrain(\.query, .maxLength(200))
            // `search` sets the results (from `query`, read when it runs); `count` is composed
            // from `books`.
            $0.derive(\.books, from: \.search)
            $0.hide(\.results)
        }
    }
}
