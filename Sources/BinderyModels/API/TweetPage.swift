/// One page of a user's tweets, with the user and how many tweets they have in all, so the
/// caller knows whether it has them all.
public struct TweetPage: Sendable, Hashable {
    /// The author.
    public let user: User
    /// The tweets of this page, in id order.
    public let tweets: [Tweet]
    /// How many tweets the user has in all.
    public let total: Int

    /// A page of `tweets` by `user`, out of `total`.
    public init(user: User, tweets: [Tweet], total: Int) {
        self.user = user
        self.tweets = tweets
        self.total = total
    }
}
