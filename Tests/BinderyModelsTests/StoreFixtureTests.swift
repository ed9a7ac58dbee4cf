import BinderyModels
import Testing

@Suite(.timeLimit(.minutes(2))) struct StoreFixtureTests {
    private static func isMainlandMobile(_ phone: String) -> Bool {
        let digits = Array(phone.utf8)
        return digits.count == 11 && digits[0] == UInt8(ascii: "1")
            && (UInt8(ascii: "3")...UInt8(ascii: "9")).contains(digits[1])
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    @Test func everyFixtureAccountIsStoredWithAValidPhoneAndCode() throws {
        let store = try Store(directory: nil)
        #expect(StoreFixtures.accounts.count >= 20)
        #expect(Set(StoreFixtures.accounts.map(\.phone)).count == StoreFixtures.accounts.count)
        for account in StoreFixtures.accounts {
            #expect(Self.isMainlandMobile(account.phone), "\(account.phone)")
            #expect(account.verificationCode.count == 4
                    && account.verificationCode.allSatisfy(\.isASCII)
                    && account.verificationCode.allSatisfy(\.isNumber))
            #expect(try store.account(phone: account.phone) == account)
        }
        let demo = try #require(try store.account(phone: "13800138000"))
        #expect(demo.phone == StoreFixtures.demoPhone)
        #expect(!demo.name.isEmpty && demo.avatarURL.hasPrefix("https://"))
    }

    @Test func productsFillAtLeastThreePagesOfFifteen() throws {
        let store = try Store(directory: nil)
        let count = try store.productCount()
        #expect(count == StoreFixtures.products.count)
        #expect(count >= 45)
        #expect(Set(StoreFixtures.products.map(\.title)).count == count)
    }

    @Test func everyUserHasAtLeastTwentyFiveTweets() throws {
        let store = try Store(directory: nil)
        #expect(StoreFixtures.users.count >= 5)
        #expect(StoreFixtures.users.contains { $0.username == "ada" })
        for user in StoreFixtures.users {
            #expect(user.username.count >= 3)
            #expect(try store.user(username: user.username) == user)
            let count = try store.tweetCount(username: user.username)
            #expect(count >= 25, "\(user.username)")
            #expect(count == StoreFixtures.tweets.filter { $0.username == user.username }.count)
        }
    }

    @Test func booksAreAllStored() throws {
        let store = try Store(directory: nil)
        #expect(StoreFixtures.books.count >= 30)
        #expect(try store.books(matching: "") == StoreFixtures.books.sorted {
            ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id)
        })
    }
}
