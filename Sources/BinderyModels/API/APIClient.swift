import BinderySQLite
import Bindery
import FoundationEssentials

/// The simulated network between the view models and the store.
///
/// Every call, each time its producer is started: counts one request, reads `latencyMs` and
/// `failureRate` as they are at that moment, waits `latencyMs` on the context's background
/// scheduler, fails with `APIError.serverUnavailable` with probability `failureRate`, else
/// reads the store there (off the view-model scheduler), and delivers its one value or its
/// error on the view-model scheduler, where failures are counted. Disposing a run stops it:
/// no value and no error arrive after the disposal, and no failure is counted for it.
public final class APIClient: Sendable {
    /// How many products one page holds.
    public static let productPageSize = 15

    /// Requests started since the client was made.
    public let requests: Property<Int>
    /// Requests that ended in an error since the client was made.
    public let failures: Property<Int>

    private let requestCount = MutableProperty(0)
    private let failureCount = MutableProperty(0)
    private let latencyMs: Property<Int>
    private let failureRate: Property<Double>
    private let context: ModelContext

    /// A client in `context` whose latency (milliseconds; negative counts as 0) and failure
    /// rate (clamped to 0…1) are read from the given properties at every call.
    public init(context: ModelContext, latencyMs: Property<Int>, failureRate: Property<Double>) {
        self.context = context
        self.latencyMs = latencyMs
        self.failureRate = failureRate
        requests = Property(requestCount)
        failures = Property(failureCount)
    }

    /// Logs in: the account with this phone if `code` is its verification code.
    public func login(phone: String, code: String) -> SignalProducer<Account, APIError> {
        request { store throws(APIError) in
            guard let account = try Self.storeCall({ () throws(StoreError) in try store.account(phone: phone) }) else {
                throw APIError.unknownAccount(phone: phone)
            }
            guard account.verificationCode == code else { throw APIError.wrongVerificationCode }
            return account
        }
    }

    /// The avatar URL of the account with this phone, or nil if there is none.
    public func avatarURL(phone: String) -> SignalProducer<String?, APIError> {
        request { store throws(APIError) in
            try Self.storeCall { () throws(StoreError) in try store.account(phone: phone)?.avatarURL }
        }
    }

    /// Page `page` (0-based) of the catalogue, `productPageSize` products at most; empty past
    /// the end.
    public func products(page: Int) -> SignalProducer<[Product], APIError> {
        request { store throws(APIError) in
            try Self.storeCall { () throws(StoreError) in try store.products(page: page, pageSize: Self.productPageSize) }
        }
    }

    /// The user called `username` and at most `limit` of their tweets after the first
    /// `offset`; fails with `unknownUser` if there is no such user.
    public func tweets(username: String, offset: Int, limit: Int) -> SignalProducer<TweetPage, APIError> {
        request { store throws(APIError) in
            let found = try Self.storeCall { () throws(StoreError) -> Result<TweetPage, APIError> in
                guard let user = try store.user(username: username) else {
                    return .failure(.unknownUser(username: username, known: try store.usernames()))
                }
                let tweets = try store.tweets(username: user.username, offset: offset, limit: limit)
                return .success(TweetPage(user: user, tweets: tweets, total: try store.tweetCount(username: user.username)))
            }
            return try found.get()
        }
    }

    /// The books whose title or author contains `query` (ignoring case), by title.
    public func books(matching query: String) -> SignalProducer<[Book], APIError> {
        request { store throws(APIError) in
            try Self.storeCall { () throws(StoreError) in try store.books(matching: query) }
        }
    }

    private static func storeCall<T>(_ body: () throws(StoreError) -> T) throws(APIError) -> T {
        do {
            return try body()
        } catch {
            throw APIError.store(error.description)
        }
    }

    /// One request: latency, the provoked failure, then `read` off the view-model scheduler;
    /// the outcome delivered on the view-model scheduler unless the run was disposed.
    private func request<T: Sendable>(_ read: @escaping @Sendable (Store) throws(APIError) -> T) -> SignalProducer<T, APIError> {
        let context = context
        let latencyMs = latencyMs
        let failureRate = failureRate
        let requestCount = requestCount
        let failureCount = failureCount
        return SignalProducer { observer, lifetime in
            requestCount.modify { $0 += 1 }
            let latency = TimeInterval(max(0, latencyMs.value)) / 1_000
            let rate = min(1, max(0, failureRate.value))
            let fails = rate > 0 && context.random() < rate
            let background = context.backgroundScheduler
            lifetime += background.schedule(after: background.currentDate.addingTimeInterval(latency)) {
                guard !lifetime.hasEnded else { return }
                let outcome: Result<T, APIError>
                if fails {
                    outcome = .failure(.serverUnavailable)
                } else {
                    do throws(APIError) { outcome = .success(try read(context.store)) } catch { outcome = .failure(error) }
                }
                lifetime += context.scheduler.schedule {
                    // Checked again here, on the view-model scheduler, where cancels happen:
                    // a run disposed while this was queued delivers nothing.
                    guard !lifetime.hasEnded else { return }
                    switch outcome {
                    case let .success(value):
                        observer.send(value: value)
                        observer.sendCompleted()
                    case let .failure(error):
                        failureCount.modify { $0 += 1 }
                        observer.send(error: error)
                    }
                }
            }
        }
    }
}
