import Bindery

/// The Twitter lookup of seed 003 (MYTwitterLookupViewModel): a username, a Go button, the
/// user's profile and tweets, loaded a page at a time.
///
/// Guarantees:
/// - `isUsernameValid`: 3…15 letters, digits or underscores; `goAlpha` is 1.0 while valid,
///   0.5 otherwise; `getTweets` is enabled while valid.
/// - `getTweets` loads the user and their first page, replacing what was shown, and
///   interrupts a running `loadMore`; an unknown user fails and leaves the listing as it was.
/// - `loadMore` appends the loaded user's next page. It is disabled — a run is refused, no
///   request is made — while `getTweets` or another `loadMore` runs, before any user is
///   loaded, and once all tweets are loaded (the seed asks the view model to avoid repeated
///   calls).
/// - `tweets` and `allTweetsLoaded` come from one `TweetListing` value, so a change to both
///   reaches views as one update; `listingChanges` fires once per such update.
public final class TweetsViewModel: SummarizedViewModel {
    /// The view model's name in its host.
    public static let name = "tweets"
    /// How many tweets one request loads.
    public static let pageSize = 10

    /// The username typed so far.
    public let username = MutableProperty("")
    /// Whether `username` can be a username.
    public let isUsernameValid: Property<Bool>
    /// The Go button's alpha: 1.0 while the username is valid, 0.5 otherwise.
    public let goAlpha: Property<Double>
    /// The loaded user's full name, or nil.
    public let userFullName: Property<String?>
    /// The loaded user's avatar URL, or nil.
    public let userAvatarURL: Property<String?>
    /// The loaded tweets as cells.
    public let tweets: Property<[TweetCell]>
    /// Whether every tweet of the loaded user is shown.
    public let allTweetsLoaded: Property<Bool>
    /// The whole listing, each change of it one update.
    public let listing: Property<TweetListing>
    /// Fires once per change of `tweets` and/or `allTweetsLoaded` (the seed's table reload).
    public let listingChanges: Signal<TweetListing, Never>
    /// Loads the user called `username` and their first page; produces how many tweets it shows.
    public let getTweets: Action<Void, Int, APIError>
    /// Loads the next page; produces how many tweets it appended.
    public let loadMore: Action<Void, Int, APIError>
    public let summary = """
        Seed 003's Twitter lookup. `isUsernameValid` drives the Go button (`goAlpha` 1.0 or \
        0.5) and enables `getTweets`, which loads the user's profile and first \
        \(TweetsViewModel.pageSize) tweets as {avatarURL, fullName, content} cells. `loadMore` \
        appends the next page and is ignored (disabled) while a load runs or once \
        `allTweetsLoaded`; `tweets` and `allTweetsLoaded` change together, as one update.
        """

    private let state = MutableProperty(TweetListing.empty)

    /// Whether `name` is 3…15 ASCII letters, digits or underscores.
    public static func isValidUsername(_ name: String) -> Bool {
        (3...15).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
    }

    /// The tweets view model over `api` (`context` is the demo's common one; how long its
    /// commands may run is the host's alone: `--command-timeout`).
    public init(context: ModelContext, api: APIClient) {
        let username = username
        let state = state
        let (getTweetsStarted, getTweetsStartedObserver) = Signal<(), Never>.pipe()

        isUsernameValid = username.map(Self.isValidUsername).skipRepeats()
        goAlpha = isUsernameValid.map { $0 ? 1.0 : 0.5 }
        listing = Property(state)
        listingChanges = state.signal
        userFullName = state.map { $0.user?.fullName }.skipRepeats()
        userAvatarURL = state.map { $0.user?.avatarURL }.skipRepeats()
        tweets = state.map { $0.tweets.map(TweetCell.init) }.skipRepeats()
        allTweetsLoaded = state.map(\.allLoaded).skipRepeats()

        getTweets = Action(enabledIf: isUsernameValid) { _ in
            getTweetsStartedObserver.send(value: ())
            return api.tweets(username: username.value, offset: 0, limit: Self.pageSize)
                .on(value: { page in state.value = state.value.adding(page, replacing: true) })
                .map(\.tweets.count)
        }

        let loadMoreState = Property.combineLatest(state, getTweets.isExecuting)
        loadMore = Action(
            state: loadMoreState,
            enabledIf: { listing, loading in listing.user != nil && !listing.allLoaded && !loading }) { current, _ in
            let (listing, _) = current
            guard let user = listing.user else { return .empty }
            return api.tweets(username: user.username, offset: listing.tweets.count, limit: Self.pageSize)
                .take(until: getTweetsStarted)
                .on(value: { page in state.value = state.value.adding(page, replacing: false) })
                .map(\.tweets.count)
        }
    }
}

extension TweetsViewModel {
    /// Discovered from the members above (`listing` and `listingChanges` carry no surface
    /// value), and what each derives from from how they are composed; declared are the
    /// username's length limit and the edges composition cannot show.
    public var surface: Surface {
        Surface(self) {
            $0.constrain(\.username, .maxLength(64))
            // The profile and the tweets are parts of the listing, which only the commands set
            // (not the username: typing one loads nothing); `loadMore` keeps the loaded user.
            $0.derive(\.userFullName, from: \.getTweets)
            $0.derive(\.userAvatarURL, from: \.getTweets)
            $0.derive(\.tweets, from: \.getTweets, \.loadMore)
            $0.derive(\.allTweetsLoaded, from: \.getTweets, \.loadMore)
            // `loadMore` composes its enabled state from the listing and `getTweets`'s
            // `isExecuting` (found in the code); the listing shows on the surface as
            // `allTweetsLoaded`.
            $0.derive(\.loadMore, from: \.allTweetsLoaded)
            // The whole listing is for Swift views; the surface shows its parts above.
            $0.hide(\.listing)
            $0.hide(\.state)
        }
    }
}
