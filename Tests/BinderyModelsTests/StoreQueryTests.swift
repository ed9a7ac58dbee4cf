import BinderySQLite
import BinderyModels
import BinderyTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(2))) struct StoreQueryTests {
    @Test func productPagesFollowIdOrderAndEndEmpty() throws {
        let store = try Store(directory: nil)
        let all = StoreFixtures.products
        var collected: [Product] = []
        for page in 0... {
            let products = try store.products(page: page, pageSize: 15)
            if products.isEmpty { break }
            #expect(products.count == min(15, all.count - page * 15))
            collected += products
        }
        #expect(collected == all)
        #expect(try store.products(page: 0, pageSize: 15).map(\.id) == Array(1...15))
        #expect(try store.products(page: 1, pageSize: 15).first?.id == 16)
        #expect(try store.products(page: 100, pageSize: 15).isEmpty)
    }

    @Test func productArgumentsOutOfRangeAreErrors() throws {
        let store = try Store(directory: nil)
        #expect(throws: StoreError.self) { try store.products(page: -1, pageSize: 15) }
        #expect(throws: StoreError.self) { try store.products(page: 0, pageSize: 0) }
        let overflow = #expect(throws: StoreError.self) {
            try store.products(page: Int.max, pageSize: 15)
        }
        guard case .invalidArgument = overflow else {
            Issue.record("expected invalidArgument, got \(String(describing: overflow))")
            return
        }
    }

    @Test func unknownAccountAndUserAreNil() throws {
        let store = try Store(directory: nil)
        #expect(try store.account(phone: "13800138001") == nil)
        #expect(try store.account(phone: "'; DROP TABLE accounts; --") == nil)
        #expect(try store.account(phone: StoreFixtures.demoPhone) != nil)
        #expect(try store.user(username: "nobody") == nil)
        #expect(try store.tweetCount(username: "nobody") == 0)
        #expect(try store.tweets(username: "nobody", offset: 0, limit: 10).isEmpty)
    }

    @Test func usernamesMatchIgnoringCase() throws {
        let store = try Store(directory: nil)
        let ada = try #require(try store.user(username: "ADA"))
        #expect(ada.username == "ada")
        #expect(ada.fullName == "Ada Lovelace")
        #expect(try store.tweetCount(username: "Ada") == store.tweetCount(username: "ada"))
    }

    @Test func tweetsPageThroughOneUsersTimeline() throws {
        let store = try Store(directory: nil)
        let expected = StoreFixtures.tweets.filter { $0.username == "grace" }
        let user = try #require(try store.user(username: "grace"))
        var collected: [Tweet] = []
        var offset = 0
        while true {
            let page = try store.tweets(username: "grace", offset: offset, limit: 10)
            if page.isEmpty { break }
            collected += page
            offset += page.count
        }
        #expect(collected == expected)
        #expect(collected.allSatisfy {
            $0.authorFullName == user.fullName && $0.authorAvatarURL == user.avatarURL
                && !$0.content.isEmpty
        })
        #expect(try store.tweets(username: "grace", offset: 0, limit: 0).isEmpty)
        #expect(throws: StoreError.self) { try store.tweets(username: "grace", offset: -1, limit: 5) }
        #expect(throws: StoreError.self) { try store.tweets(username: "grace", offset: 0, limit: -5) }
    }

    @Test func bookSearchIsACaseInsensitiveSubstringOfTitleOrAuthor() throws {
        let store = try Store(directory: nil)
        let swift = try store.books(matching: "swift")
        #expect(swift.count >= 3)
        #expect(swift.allSatisfy { $0.title.lowercased().contains("swift") || $0.author.lowercased().contains("swift") })
        #expect(swift == (try store.books(matching: "SWIFT")))
        let the = try store.books(matching: "the")
        #expect(the.count >= 3)
        let expectedThe = StoreFixtures.books.filter {
            $0.title.lowercased().contains("the") || $0.author.lowercased().contains("the")
        }
        #expect(Set(the) == Set(expectedThe))
        let knuth = try store.books(matching: "knuth")
        #expect(knuth.map(\.title) == ["The Art of Computer Programming"])
        #expect(try store.books(matching: "no book has this text").isEmpty)
    }

    @Test func likeWildcardsInTheQueryAreLiteral() throws {
        let store = try Store(directory: nil)
        let percent = try store.books(matching: "%")
        #expect(!percent.isEmpty)
        #expect(percent == StoreFixtures.books.filter { $0.title.contains("%") || $0.author.contains("%") })
        #expect(try store.books(matching: "1%").map(\.title) == ["The 1% Windfall"])
        #expect(try store.books(matching: "_").isEmpty)
        #expect(try store.books(matching: "\\").isEmpty)
        #expect(try store.books(matching: "S_QLite").isEmpty)
        #expect(try store.books(matching: "%Swift%").isEmpty)
    }

    @Test func credentialsAreRememberedAndReplaced() throws {
        let store = try Store(directory: nil)
        #expect(try store.savedCredentials() == nil)
        try store.saveCredentials(phone: "13800138000", code: "1234")
        #expect(try store.savedCredentials().map { [$0.phone, $0.code] } == ["13800138000", "1234"])
        try store.saveCredentials(phone: "13912345678", code: "4321")
        #expect(try store.savedCredentials().map { [$0.phone, $0.code] } == ["13912345678", "4321"])
    }

    @Test func credentialsSurviveReopeningTheDirectory() throws {
        let directory = try TemporaryDirectory()
        do {
            let store = try Store(directory: directory.url)
            try store.saveCredentials(phone: "15011112222", code: "0000")
        }
        let reopened = try Store(directory: directory.url)
        #expect(try reopened.savedCredentials().map { [$0.phone, $0.code] } == ["15011112222", "0000"])
        #expect(try reopened.productCount() == StoreFixtures.products.count)
    }

    @Test func errorsDescribeThemselvesOnOneLine() {
        let errors: [StoreError] = [
            .invalidArgument("page must be ≥ 0, got -1"),
            .database(SQLiteError(code: SQLiteError.notADatabase, message: "file is not a database\nreally")),
            .directory(path: "/x", reason: "denied"),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.description.hasPrefix("store: "))
        }
    }
}
