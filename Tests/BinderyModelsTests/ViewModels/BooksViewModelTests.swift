import Bindery
import BinderyModels
import Testing

@Suite(.timeLimit(.minutes(2))) struct BooksViewModelTests {
    func expected(_ query: String) -> [SurfaceValue] {
        StoreFixtures.books
            .filter { $0.title.lowercased().contains(query.lowercased()) || $0.author.lowercased().contains(query.lowercased()) }
            .sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
            .map { .record(["title": .string($0.title), "author": .string($0.author), "year": .int($0.year)]) }
    }

    @Test func searchShowsTheMatchingBooksAndTheirCount() throws {
        let h = try Harness(latencyMs: 300)
        try h.set("books", "query", "Swift")
        let run = try h.run("books", "search")
        #expect(try h.get("books", "count") == .int(0))
        h.advance(0.3)
        let books = try h.get("books", "books")
        #expect(books.items == expected("swift"))
        #expect(books.items.count >= 5)
        #expect(try h.get("books", "count") == .int(books.items.count))
        #expect(run.value == books, "the command produces the results too")
        for book in books.items {
            #expect(book["title"] != nil && book["author"] != nil && book["year"] != nil)
        }
    }

    @Test func anEmptyQueryFindsEveryBookAndNoMatchFindsNone() throws {
        let h = try Harness()
        try h.run("books", "search")
        h.settle()
        #expect(try h.get("books", "count") == .int(StoreFixtures.books.count))
        try h.set("books", "query", "zzz-no-such-book")
        try h.run("books", "search")
        h.settle()
        #expect(try h.get("books", "books") == .list([]))
        #expect(try h.get("books", "count") == .int(0))
    }

    @Test func aFailedSearchKeepsThePreviousResults() throws {
        let h = try Harness()
        try h.set("books", "query", "the")
        try h.run("books", "search")
        h.settle()
        let before = try h.get("books", "books")
        try h.set("api", "failureRate", "1")
        try h.set("books", "query", "swift")
        let failed = try h.run("books", "search")
        h.settle()
        #expect(failed.errorMessage == "Server unavailable, please retry")
        #expect(try h.get("books", "books") == before)
        #expect(try h.get("books", "count") == .int(before.items.count))
    }

    @Test func wildcardsAreLiteral() throws {
        let h = try Harness()
        try h.set("books", "query", "%")
        try h.run("books", "search")
        h.settle()
        #expect(try h.get("books", "count") == .int(1))
    }
}
