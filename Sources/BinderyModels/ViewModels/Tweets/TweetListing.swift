/// What the tweets screen shows, as one value: the loaded user, their tweets so far, and
/// whether that is all of them. Kept as one value so that `tweets` and `allTweetsLoaded`
/// can only ever change together, in one update (the seed merged the two and buffered them
/// with `bufferWithTime: 0` to reload its table once).
public struct TweetListing: Sendable, Hashable, Codable {
    /// The user whose tweets are shown, or nil before the first successful `getTweets`.
    public var user: User?
    /// The tweets loaded so far, oldest first.
    public var tweets: [Tweet]
    /// Whether `tweets` holds all of the user's tweets.
    public var allLoaded: Bool

    /// Nothing loaded.
    public static let empty = TweetListing(user: nil, tweets: [], allLoaded: false)

    /// The listing after `page` arrived: its tweets appended to `tweets` if it is the same
    /// user's next page, else replacing them.
    public func adding(_ page: TweetPage, replacing: Bool) -> TweetListing {
        let tweets = replacing ? page.tweets : self.tweets + page.tweets
        return TweetListing(user: page.user, tweets: tweets, allLoaded: tweets.count >= page.total)
    }
}
