import Bindery
import BinderyHost
import BinderyJSON
import BinderyPrimitives
import BinderySystemd
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// `--publish-url` (docs/HTTP.md, "Behind nginx with nchan"): the URL's two forms, each
/// version's change-feed answer posted to its cursor's channel, the catch-up after an outage
/// logged once, and the feed id the channels and the change feed carry.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ChangeFeedPublisherTests {
    @Test func publishURLsOverTCPAndUnixSocketsAndOneLineErrors() throws {
        let tcp = try PublishURL(parsing: "http://127.0.0.1:8421/bindery/")
        #expect(tcp.server == .tcp(host: "127.0.0.1", port: 8421))
        #expect(tcp.path == "/bindery/")
        #expect(try PublishURL(parsing: "http://[::1]:8421").server == .tcp(host: "::1", port: 8421))
        #expect(try PublishURL(parsing: "http://[::1]:8421").path == "/")
        #expect(try PublishURL(parsing: "http://localhost/pub/").server == .tcp(host: "localhost", port: 80))
        let unix = try PublishURL(parsing: "http://unix:/run/bindery-publish/nginx.sock:/bindery/")
        #expect(unix.server == .unix(path: "/run/bindery-publish/nginx.sock"))
        #expect(unix.path == "/bindery/")
        for bad in ["https://127.0.0.1/", "http://unix:relative.sock:/x/", "http://host:0/", "http://host:99999/",
                    "http://host/a b", "http://:80/", "http://host/p?x", "127.0.0.1:8421", "http://[::1/"] {
            #expect(throws: UsageError.self, "\(bad)") { try PublishURL(parsing: bad) }
        }
        guard case let .run(configuration) = try DaemonOptions.parse(["--publish-url", "http://127.0.0.1:1/x/"], environment: [:]) else {
            Issue.record("--publish-url should run")
            return
        }
        #expect(configuration.publishURL == (try PublishURL(parsing: "http://127.0.0.1:1/x/")))
        #expect(throws: UsageError.self) { try DaemonOptions.parse(["--publish-url", "ftp://x/"], environment: [:]) }
    }

    private func makeHost() -> ViewModelHost {
        startedHost(queue: "test.publish") { RowsViewModel() }.host
    }

    private func set(_ host: ViewModelHost, _ name: String, _ value: Int) -> UInt64? {
        let done = Completion<UInt64?>()
        host.set(viewModel: "rows", input: name, value: .int(value)) { done.fulfil((try? $0.get())?.version) }
        return done.wait() ?? nil
    }

    @Test func eachVersionsAnswerGoesToTheChannelOfTheCursorBeforeIt() throws {
        let server = try RecordingPublishServer()
        let host = makeHost()
        let publisher = ChangeFeedPublisher(host: host, url: try PublishURL(parsing: "http://127.0.0.1:\(server.port)/pub/"), logger: nil)
        defer { publisher.stop() }
        let start = host.version
        publisher.start()
        // At the start: the first version's answer to the cursor before it (a reset, naming the feed).
        let first = try #require(server.waitForPost { $0.path == "/pub/\(host.feedID)-\(start - 1)" })
        let reset = try JSONParser.parse(Array(first.body.utf8))
        #expect(reset["feed"] == .string(host.feedID))
        #expect(reset["reset"]?["viewModels"] != nil)
        #expect(reset["since"] == nil)  // a reset follows on from nothing: it replaces everything

        let version = try #require(set(host, "selected", 5))
        let post = try #require(server.waitForPost { $0.path == "/pub/\(host.feedID)-\(version - 1)" })
        let answer = try JSONParser.parse(Array(post.body.utf8))
        // The body /api/changes?since=V-1 answers: V's changes and its events.
        #expect(answer["version"] == .int(Int(version)))
        // The cursor it follows: what a client handed it on a stream checks against its own version.
        #expect(answer["since"] == .int(Int(version - 1)))
        #expect(answer["changes"]?.arrayValue?.contains { $0["name"] == .string("selected") && $0["value"] == .int(5) } == true)
        #expect(answer["events"]?.arrayValue?.contains { $0["kind"] == .string("set") && $0["name"] == .string("selected") } == true)
        #expect(ViewModelHost.isFeedID(host.feedID))
    }

    @Test func afterAnOutageTheWaitingCursorGetsTheLatestVersionAndTheOutageIsLoggedOnce() throws {
        let server = try RecordingPublishServer()
        let host = makeHost()
        let lines = Lock<[String]>([])
        let logger = Logger(threshold: .debug, format: .plain) { line in lines.withLock { $0.append(line) } }
        let publisher = ChangeFeedPublisher(host: host, url: try PublishURL(parsing: "http://127.0.0.1:\(server.port)/pub/"), logger: logger)
        defer { publisher.stop() }
        publisher.start()
        let waiting = host.version
        #expect(server.waitForPost { $0.path == "/pub/\(host.feedID)-\(waiting - 1)" } != nil)

        server.close()
        _ = set(host, "selected", 1)
        _ = set(host, "selected", 2)
        let latest = try #require(set(host, "selected", 3))
        // A few tries fail (the first logged as a warning, the next at debug level) before the
        // server comes back.
        #expect(waitUntil { lines.withLock { $0.filter { $0.contains("failed again") }.count >= 2 } })
        try server.reopen()
        // Dashboards still wait at the cursor the outage began at: it gets everything up to the latest.
        let caughtUp = try #require(server.waitForPost { post in
            post.path == "/pub/\(host.feedID)-\(waiting)" && post.body.contains("\"version\":\(latest),")
        })
        let caughtUpAnswer = try JSONParser.parse(Array(caughtUp.body.utf8))
        #expect(caughtUpAnswer["changes"]?.arrayValue?.isEmpty == false)
        #expect(caughtUpAnswer["since"] == .int(Int(waiting)))
        // And the cursor just before the latest.
        #expect(server.waitForPost { $0.path == "/pub/\(host.feedID)-\(latest - 1)" } != nil)
        let logged = lines.withLock { $0 }
        #expect(logged.filter { $0.contains("cannot publish the change feed") }.count == 1)
        #expect(waitUntil { lines.withLock { $0.contains { $0.contains("works again") } } })
    }

    @Test func theFeedIdStaysAcrossRestartsAndAnotherFeedsCursorGetsAReset() throws {
        let directory = try TemporaryDirectory()
        var daemon = try DaemonProcess(directory: directory.path("d"))
        var http = try daemon.http()
        let reset = try JSONParser.parse(try http.get("/api/changes").body)
        let feed = try #require(reset["feed"]?.stringValue)
        #expect(ViewModelHost.isFeedID(feed))
        let version = try #require(reset["version"]?.intValue)
        let page = try http.get("/").text
        #expect(page.contains(#""feed":"\#(feed)""#))
        // The same feed: answered as before (nothing new: 304); another feed's cursor: a reset.
        #expect(try http.get("/api/changes?since=\(version)&feed=\(feed)").status == 304)
        let other = feed == "0000000000000001" ? "0000000000000002" : "0000000000000001"
        let answer = try http.get("/api/changes?since=\(version)&wait=60&feed=\(other)")
        #expect(answer.status == 200)
        #expect(try JSONParser.parse(answer.body)["reset"] != nil)
        #expect(try http.get("/api/changes?since=\(version)&feed=ABC").status == 400)
        #expect(daemon.stop() == 0)

        daemon = try DaemonProcess(directory: directory.path("d"))
        http = try daemon.http()
        #expect(try JSONParser.parse(try http.get("/api/changes").body)["feed"]?.stringValue == feed)
        #expect(daemon.stop() == 0)

        let fresh = try DaemonProcess(directory: directory.path("e"))
        #expect(try JSONParser.parse(try fresh.http().get("/api/changes").body)["feed"]?.stringValue != feed)
        #expect(fresh.stop() == 0)
    }
}
