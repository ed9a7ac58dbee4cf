import Bindery
import BinderyModels
import BinderyPrimitives
import BinderyTestSupport
import Dispatch
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(2))) struct StoreConcurrencyTests {
    @Test func concurrentReadersFromSeveralThreadsSeeConsistentResults() throws {
        let store = try Store(directory: nil)
        let expectedPage = try store.products(page: 1, pageSize: 15)
        let expectedBooks = try store.books(matching: "swift")
        let expectedTweets = try store.tweets(username: "linus", offset: 5, limit: 10)
        let failures = Lock<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<50 {
                do {
                    switch (thread + round) % 4 {
                    case 0:
                        if try store.products(page: 1, pageSize: 15) != expectedPage {
                            failures.withLock { $0.append("products differ") }
                        }
                    case 1:
                        if try store.books(matching: "swift") != expectedBooks {
                            failures.withLock { $0.append("books differ") }
                        }
                    case 2:
                        if try store.tweets(username: "linus", offset: 5, limit: 10) != expectedTweets {
                            failures.withLock { $0.append("tweets differ") }
                        }
                    default:
                        if try store.account(phone: StoreFixtures.demoPhone)?.phone != StoreFixtures.demoPhone {
                            failures.withLock { $0.append("account missing") }
                        }
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }

    @Test func concurrentSavesNeverExposeAHalfWrittenPair() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.url)
        let pairs = Array(StoreFixtures.accounts.prefix(6))
        let valid = Set(pairs.map { [$0.phone, $0.verificationCode] })
        let failures = Lock<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            for round in 0..<20 {
                do {
                    if thread % 2 == 0 {
                        let account = pairs[(thread + round) % pairs.count]
                        try store.saveCredentials(phone: account.phone, code: account.verificationCode)
                    } else if let saved = try store.savedCredentials(), !valid.contains([saved.phone, saved.code]) {
                        failures.withLock { $0.append("mixed pair \(saved)") }
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let final = try #require(try store.savedCredentials())
        #expect(valid.contains([final.phone, final.code]))
    }
}
