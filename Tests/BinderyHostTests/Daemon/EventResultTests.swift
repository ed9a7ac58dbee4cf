import Bindery
import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// A `finish` event never carries a large result: a result of more than 1 KB of JSON is
/// summarised (kind, count, bytes, digest, first rows), and the whole result stays the
/// command's last value.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct EventResultTests {
    private func finish(_ value: SurfaceValue) throws -> JSONValue {
        let event = HostEvent(viewModel: "books", name: "search", at: 0, kind: .finish(durationMs: 3, value: value))
        return try JSONParser.parse(event.json(version: 7))
    }

    private func rows(_ count: Int, title: String = "A title long enough to count") -> SurfaceValue {
        .list((0..<count).map { .record(["id": .int($0), "title": .string(title)]) })
    }

    @Test func aSmallResultIsTheEventsValueAsBefore() throws {
        let event = try finish(rows(2))
        #expect(event["value"]?.arrayValue?.count == 2)
        #expect(event["valueSummary"] == nil)
    }

    @Test func aLargeResultIsSummarisedAndEqualResultsHaveEqualDigests() throws {
        let event = try finish(rows(6_000))
        #expect(event["value"] == nil)
        let summary = try #require(event["valueSummary"])
        #expect(summary["kind"] == .string("list"))
        #expect(summary["count"]?.intValue == 6_000)
        #expect(summary["bytes"]?.intValue == JSONWriter.encode(rows(6_000)).count)
        #expect(summary["first"]?.arrayValue?.count == 3)
        #expect(HostEvent(viewModel: "books", name: "search", at: 0, kind: .finish(durationMs: 3, value: rows(6_000))).json(version: 7).count < 1_024)
        #expect(try finish(rows(6_000))["valueSummary"]?["digest"] == summary["digest"])
        #expect(try finish(rows(6_000, title: "Another title"))["valueSummary"]?["digest"] != summary["digest"])
    }

    @Test func theRealDaemonLogsASummaryAndKeepsTheWholeResultAsTheLastValue() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"), logLevel: "warning")
        let control = try daemon.control()
        // The demo's whole catalogue: more than 1 KB of JSON.
        #expect(try control.request(#"{"op":"run","vm":"books","name":"search"}"#).isOK)
        let events = try #require(control.request(#"{"op":"log","n":10}"#)["events"]?.arrayValue)
        let finished = try #require(events.last { $0["kind"] == .string("finish") })
        let summary = try #require(finished["valueSummary"], "\(finished)")
        #expect(finished["value"] == nil)
        let command = try control.request(#"{"op":"get","vm":"books","name":"search"}"#)
        let lastValue = try #require(command["value"]?["lastValue"]?.arrayValue, "\(command)")
        #expect(summary["count"]?.intValue == lastValue.count)
        #expect(lastValue.count > 3)
        #expect(daemon.stop() == 0)
    }
}
