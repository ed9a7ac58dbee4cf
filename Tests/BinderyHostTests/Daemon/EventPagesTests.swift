import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// `/api/events` as pages (docs/HTTP.md): bounded answers, walked back with `before` or
/// forward with `since`, and `vm`, `kind` and `q` searched in the daemon over every event it
/// keeps, against the real binderyd.
@Suite(.ownThreads, .timeLimit(.minutes(3))) struct EventPagesTests {
    /// One page's events (oldest first), `more` and its `next` cursor as a query.
    private struct Page {
        let events: [JSONValue]
        let more: Bool
        let next: [String: Int]
        /// The api.latencyMs values set, in order.
        var values: [Int] { events.compactMap { $0["vm"] == .string("api") ? $0["value"]?.intValue : nil } }
        var versions: [Int] { events.compactMap { $0["version"]?.intValue } }
        var nextQuery: String { next.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&") }
    }

    private func page(_ http: RawHTTPConnection, _ target: String) throws -> Page {
        let answer = try http.get(target)
        #expect(answer.status == 200, "\(target): \(answer.text)")
        let json = try JSONParser.parse(answer.body)
        var next: [String: Int] = [:]
        if case let .object(members)? = json["next"] {
            for (key, value) in members { next[key] = value.intValue }
        }
        return Page(events: json["events"]?.arrayValue ?? [], more: json["more"]?.boolValue ?? false, next: next)
    }

    /// Walks `first` then `base` with each page's cursor (at most `pages`); the pages walked
    /// and how many.
    private func walk(_ http: RawHTTPConnection, _ first: String, base: String? = nil, limit: Int, pages: Int = 20) throws -> (events: [Page], count: Int) {
        var walked: [Page] = []
        var target = first
        let base = base ?? first
        while walked.count < pages {
            let answer = try page(http, target)
            #expect(answer.events.count <= limit, "\(target)")
            walked.append(answer)
            guard answer.more else { break }
            #expect(!answer.next.isEmpty, "\(target): more without a cursor")
            target = base + "&" + answer.nextQuery
        }
        return (walked, walked.count)
    }

    /// A daemon keeping `kept` events, after a distinctive compass.valueA set and then `count`
    /// sets of api.latencyMs 1000, 1001, … pipelined (many of them share a version). Started
    /// without `--latency-ms`, whose `--set` would be logged too: these are the only sets.
    private func daemonWithSets(_ directory: TemporaryDirectory, kept: Int, count: Int) throws -> DaemonProcess {
        let daemon = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--event-log-size", String(kept)], latencyFlag: false)
        let client = try daemon.control()
        #expect(try client.request(#"{"op":"set","vm":"compass","name":"valueA","value":"Needle in the Haystack"}"#).isOK)
        let replies = try client.pipeline((0..<count).map { #"{"op":"set","vm":"api","name":"latencyMs","value":\#(1_000 + $0)}"# })
        #expect(replies.allSatisfy { $0.isOK })
        return daemon
    }

    @Test func pagesWalkBackOverEveryKeptEventOnceAndNoPageIsLargerThanItsLimit() throws {
        let directory = try TemporaryDirectory()
        let daemon = try daemonWithSets(directory, kept: 1_200, count: 1_300)
        let http = try daemon.http()
        // The newest page by default: 500 events, the newest last, and a cursor to the older.
        let first = try page(http, "/api/events")
        #expect(first.values == Array(1_800...2_299))
        #expect(first.more && first.next["before"] != nil)
        // Walking back 300 at a time reaches every kept event once, newest page first, though
        // pipelined sets put hundreds of events in one version (a page ends inside one).
        let (pages, count) = try walk(http, "/api/events?limit=300", limit: 300)
        #expect(count == 4)
        #expect(pages.reversed().flatMap(\.values) == Array(1_100...2_299))
        #expect(pages.last?.more == false)
        let versions = pages.reversed().flatMap(\.versions)
        #expect(versions == versions.sorted() && Set(versions).count < versions.count)
        #expect(daemon.stop() == 0)
    }

    @Test func sinceWalksForwardAndBeforeBoundsTheRange() throws {
        let directory = try TemporaryDirectory()
        let daemon = try daemonWithSets(directory, kept: 1_000, count: 700)
        let http = try daemon.http()
        // Forward from the start: every event once, oldest first, 50 at a time.
        let (pages, _) = try walk(http, "/api/events?since=0&limit=50", base: "/api/events?limit=50", limit: 50)
        #expect(pages.flatMap(\.values) == Array(1_000...1_699))
        #expect(pages.first?.next["since"] != nil && pages.last?.more == false)
        // since and before together: the newest of the range, walking back; a past version's
        // events are before=V+1.
        let all = pages.flatMap(\.events)
        let middle = try #require(all[350]["version"]?.intValue)
        let upTo = try page(http, "/api/events?before=\(middle + 1)&limit=500")
        #expect(upTo.versions.allSatisfy { $0 <= middle } && upTo.versions.last == middle)
        let range = try page(http, "/api/events?since=\(middle - 1)&before=\(middle + 1)")
        #expect(Set(range.versions) == [middle])
        let ofMiddle = all.filter { $0["version"]?.intValue == middle }.count
        #expect(range.events.count == min(500, ofMiddle) && range.more == (ofMiddle > 500))
        #expect(daemon.stop() == 0)
    }

    @Test func filtersRunInTheDaemonOverEveryKeptEvent() throws {
        let directory = try TemporaryDirectory()
        let daemon = try daemonWithSets(directory, kept: 2_000, count: 1_200)
        let http = try daemon.http()
        // The needle is older than the newest page, and found by any case of its text.
        let newest = try page(http, "/api/events")
        #expect(!newest.events.contains { $0["vm"] == .string("compass") })
        for query in ["needle%20in", "HAYSTACK", "compass.valueA", "Needle+in+the"] {
            let found = try page(http, "/api/events?q=\(query)")
            #expect(found.events.count == 1 && found.events.first?["value"] == .string("Needle in the Haystack"), "q=\(query)")
        }
        // A value is searched as written: 1234 is that set's value and, as what it changed,
        // the next one's before (when they share no version, the set's own effects say it).
        let value = try page(http, "/api/events?q=1234")
        #expect(value.values.contains(1_234) && value.values.allSatisfy { $0 == 1_234 || $0 == 1_235 })
        #expect(try page(http, "/api/events?q=no+such+text").events.isEmpty)
        // vm and kind, walked in pages like the rest (the cursor counts every event, so it
        // means the same under a filter).
        let compass = try page(http, "/api/events?vm=compass")
        #expect(compass.events.count == 1 && !compass.more)
        let (sets, _) = try walk(http, "/api/events?vm=api&kind=set&limit=100", limit: 100)
        #expect(sets.reversed().flatMap(\.values) == Array(1_000...2_199))
        #expect(try page(http, "/api/events?kind=start").events.isEmpty)
        #expect(daemon.stop() == 0)
    }

    @Test func badParametersAreRefusedWithOneLine() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let http = try daemon.http()
        let bad: [(String, String)] = [
            ("limit=0", "limit must be"), ("limit=501", "limit must be"), ("limit=05", "limit must be"), ("limit=-1", "limit must be"),
            ("before=01", "before must be a version"), ("skip=-2", "skip must be a count"), ("before=1.5", "before must be a version"), ("since=x", "since must be a version"),
            ("kind=change", "kind must be one of fail, finish, restart, restore, set, start"),
            ("q=" + String(repeating: "a", count: 201), "q must be at most 200 characters"),
        ]
        for (query, reason) in bad {
            let answer = try http.get("/api/events?\(query)")
            #expect(answer.status == 400, "\(query)")
            #expect(answer.text.hasPrefix(reason) && answer.text.filter { $0 == "\n" }.count <= 1, "\(query): \(answer.text)")
        }
        // Empty filters are no filters; the largest limit is taken.
        #expect(try http.get("/api/events?vm=&kind=&q=&limit=500").status == 200)
        #expect(daemon.stop() == 0)
    }

    /// `q`'s limit counts Unicode scalars, as docs/openapi.yaml's `maxLength` does (schemathesis
    /// sends what that allows): one letter with 200 combining marks (201 scalars, one
    /// `Character`) is refused, with one line, and 200 scalars are taken.
    @Test func theSearchLimitCountsUnicodeScalars() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let http = try daemon.http()
        let acute = "%CC%81"  // U+0301 COMBINING ACUTE ACCENT
        let tooLong = try http.get("/api/events?q=e" + String(repeating: acute, count: 200))
        #expect(tooLong.status == 400)
        #expect(tooLong.text == "q must be at most 200 characters (Unicode scalars)\n")
        #expect(try http.get("/api/events?q=e" + String(repeating: acute, count: 199)).status == 200)
        #expect(daemon.stop() == 0)
    }
}
