import Bindery
import BinderyModels
import Testing

@Suite(.timeLimit(.minutes(2))) struct TweetsViewModelTests {
    let ada = StoreFixtures.users.first { $0.username == "ada" }!
    var adaTweets: [Tweet] { StoreFixtures.tweets.filter { $0.username == "ada" } }

    func cell(_ tweet: Tweet) -> SurfaceValue {
        .record(["avatarURL": .string(tweet.authorAvatarURL), "fullName": .string(tweet.authorFullName), "content": .string(tweet.content)])
    }

    @Test(arguments: [("", false), ("ab", false), ("ada", true), ("grace_h", true), ("bad name", false),
                      ("x1234567890123456", false), ("émile", false)])
    func validityDrivesTheGoButtonsAlpha(username: String, valid: Bool) throws {
        let h = try Harness()
        try h.set("tweets", "username", username)
        #expect(try h.get("tweets", "isUsernameValid") == .bool(valid))
        #expect(try h.get("tweets", "goAlpha") == .double(valid ? 1.0 : 0.5))
    }

    @Test func getTweetsIsRefusedWhileTheUsernameIsInvalid() throws {
        let h = try Harness()
        try h.set("tweets", "username", "ab")
        #expect(try h.run("tweets", "getTweets").ending == .disabled)
        #expect(h.requests == 0)
    }

    @Test func getTweetsShowsTheProfileAndTheFirstPage() throws {
        let h = try Harness(latencyMs: 800)
        try h.set("tweets", "username", "ada")
        let run = try h.run("tweets", "getTweets")
        #expect(try h.get("tweets", "userFullName") == .null)
        h.advance(0.8)
        #expect(run.value == .int(TweetsViewModel.pageSize))
        #expect(try h.get("tweets", "userFullName") == .string(ada.fullName))
        #expect(try h.get("tweets", "userAvatarURL") == .string(ada.avatarURL))
        #expect(try h.get("tweets", "tweets").items == adaTweets.prefix(10).map(cell))
        #expect(try h.get("tweets", "allTweetsLoaded") == .bool(false))
    }

    @Test func anUnknownUserIsAnErrorAndKeepsTheListing() throws {
        let h = try Harness()
        try h.set("tweets", "username", "ada")
        try h.run("tweets", "getTweets")
        h.settle()
        try h.set("tweets", "username", "nobody")
        let run = try h.run("tweets", "getTweets")
        h.settle()
        #expect(run.errorMessage?.hasPrefix("No user named 'nobody' (users: ") == true)
        #expect(try h.get("tweets", "userFullName") == .string(ada.fullName))
        #expect(try h.get("tweets", "tweets").listCount == 10)
    }

    @Test func loadMoreAppendsUntilAllAreLoadedThenIsIgnored() throws {
        let h = try Harness()
        #expect(try h.run("tweets", "loadMore").ending == .disabled, "nothing to load more of yet")
        try h.set("tweets", "username", "ada")
        try h.run("tweets", "getTweets")
        h.settle()
        var appended: [SurfaceValue?] = []
        for _ in 0..<2 {
            let run = try h.run("tweets", "loadMore")
            h.settle()
            appended.append(run.value)
        }
        #expect(appended == [.int(10), .int(10)])
        #expect(try h.get("tweets", "tweets").items == adaTweets.map(cell))
        #expect(try h.get("tweets", "allTweetsLoaded") == .bool(true))
        let requests = h.requests
        #expect(try h.run("tweets", "loadMore").ending == .disabled)
        h.settle()
        #expect(h.requests == requests, "no request once all are loaded")
    }

    @Test func loadMoreIsIgnoredWhileALoadRuns() throws {
        let h = try Harness()
        try h.set("tweets", "username", "ada")
        try h.run("tweets", "getTweets")
        h.settle()
        try h.set("api", "latencyMs", "800")
        let first = try h.run("tweets", "loadMore")
        let requests = h.requests
        #expect(try h.run("tweets", "loadMore").ending == .disabled)
        #expect(h.requests == requests)
        h.advance(0.8)
        #expect(first.value == .int(10))
        #expect(try h.get("tweets", "tweets").listCount == 20, "loaded once, not twice")

        let reload = try h.run("tweets", "getTweets")
        #expect(try h.run("tweets", "loadMore").ending == .disabled, "ignored while getTweets runs")
        h.advance(0.8)
        #expect(reload.value == .int(10))
        #expect(try h.get("tweets", "tweets").listCount == 10)
    }

    @Test func getTweetsInterruptsARunningLoadMore() throws {
        let h = try Harness()
        try h.set("tweets", "username", "ada")
        try h.run("tweets", "getTweets")
        h.settle()
        try h.set("api", "latencyMs", "800")
        let more = try h.run("tweets", "loadMore")
        h.advance(0.4)
        try h.set("tweets", "username", "alan")
        try h.run("tweets", "getTweets")
        h.advance(2)
        #expect(more.values.isEmpty)
        #expect(try h.get("tweets", "userFullName") == .string("Alan Turing"))
        let names = try h.get("tweets", "tweets").items.map { $0["fullName"] }
        #expect(names.count == 10 && names.allSatisfy { $0 == .string("Alan Turing") })
    }

    @Test func tweetsAndAllTweetsLoadedChangeAsOneUpdate() throws {
        let h = try Harness()
        let viewModel = h.viewModel(TweetsViewModel.self)
        let surface = h.surface("tweets")
        let seen = ValueLog<(Int?, SurfaceValue)>()
        _ = viewModel.listingChanges.observeValues { _ in
            // A view reloading on this update reads both outputs, and finds both changed.
            seen.append(((try? surface.output(named: "tweets").value)?.listCount, (try? surface.output(named: "allTweetsLoaded").value) ?? .null))
        }
        try h.set("tweets", "username", "alan")
        try h.run("tweets", "getTweets")
        h.settle()
        try h.run("tweets", "loadMore")
        h.settle()
        try h.run("tweets", "loadMore")
        h.settle()
        #expect(seen.all.map(\.0) == [10, 20, 25], "one update per load")
        #expect(seen.all.map(\.1) == [.bool(false), .bool(false), .bool(true)], "the last load changed both in the same update")
    }

    @Test func aFailedLoadMoreChangesNothingAndCanBeRetried() throws {
        let h = try Harness()
        try h.set("tweets", "username", "ada")
        try h.run("tweets", "getTweets")
        h.settle()
        try h.set("api", "failureRate", "1")
        let failed = try h.run("tweets", "loadMore")
        h.settle()
        #expect(failed.errorMessage == "Server unavailable, please retry")
        #expect(try h.get("tweets", "tweets").listCount == 10)
        try h.set("api", "failureRate", "0")
        let retried = try h.run("tweets", "loadMore")
        h.settle()
        #expect(retried.value == .int(10))
        #expect(try h.get("tweets", "tweets").items == adaTweets.prefix(20).map(cell))
    }
}
