@testable import BinderyCLI
import BinderyHistory
import BinderyJSON
import BinderyProtocol
import BinderyTestSupport
import Testing

/// The session format without a daemon: what ``SessionDocument`` writes ``RecordedSession``
/// reads back, the times in it, and the Swift literals `testgen` writes values as.
@Suite(.ownThreads, .timeLimit(.minutes(1))) struct SessionFileUnitTests {
    private func event(_ version: Int, _ at: String, _ body: String) -> (version: UInt64, json: [UInt8]) {
        (UInt64(version), Array(#"{"version":\#(version),"at":"\#(at)",\#(body)}"#.utf8))
    }

    @Test func whatTheWriterWritesTheReaderReadsStepByStep() throws {
        var history = VersionHistory(byteBudget: 1 << 20)
        history.append(version: 10, entries: [], checkpoint: Array(#"{"version":10,"viewModels":{"a":{"inputs":{"x":1},"outputs":{"y":2}}}}"#.utf8))
        for version in 11...14 {
            history.append(version: UInt64(version), entries: [Array(#"{"vm":"a","part":"output","name":"y","value":\#(version)}"#.utf8)], checkpoint: nil)
        }
        let events = [
            event(11, "2026-12-06T10:00:00.000Z", #""kind":"set","vm":"a","name":"x","value":5"#),
            event(12, "2026-12-06T10:00:00.250Z", #""kind":"start","vm":"a","name":"go","by":"client""#),
            event(12, "2026-12-06T10:00:00.300Z", #""kind":"start","vm":"a","name":"go","by":"binding""#),
            event(13, "2026-12-06T10:00:00.400Z", #""kind":"finish","vm":"a","name":"go","durationMs":1,"value":7,"by":"binding""#),
            event(14, "2026-12-06T10:00:01.500Z", #""kind":"fail","vm":"a","name":"go","durationMs":1,"error":"no","code":"failed","by":"client""#),
            event(15, "2026-12-06T10:00:02.000Z", #""kind":"set","vm":"a","name":"x","value":6"#),
        ]
        let span = try #require(history.span(from: 11))
        let bytes = try #require(SessionDocument.write(daemon: "d", from: 11, to: 14, exportedAt: "now", span: span, events: events))
        let session = try RecordedSession(bytes: bytes)
        #expect((session.from, session.to, session.daemon) == (11, 14, "d"))
        #expect(session.startState["viewModels"]?["a"]?["outputs"]?["y"] == .int(11), "the state at from, not at the checkpoint")
        #expect(session.events.count == 4, "events of versions 12–14 only")
        #expect(session.steps.count == 1, "the binding's run is not a step; the set of 11 is before the range")
        guard case .failure("no", "failed")? = session.steps.first?.outcome else { Issue.record("\(session.steps)"); return }
        #expect(session.steps.first?.at == 1_796_551_200.25)
        #expect(session.states(at: [13])[13]?["viewModels"]?["a"]?["outputs"]?["y"] == .int(13))
        // A range the history does not reach is no document.
        #expect(SessionDocument.write(daemon: "d", from: 11, to: 15, exportedAt: "now", span: span, events: events) == nil)
    }

    @Test func timesReadBackAsTheyWereWritten() {
        for seconds in [0.0, 1_796_551_200.25, 951_782_400.999, 4_102_444_800.5] {
            // The writer keeps milliseconds, rounded down.
            let read = ISO8601Timestamp.epochSeconds(from: ISO8601Timestamp.string(fromEpochSeconds: seconds))
            #expect(read.map { $0 <= seconds && seconds - $0 < 0.001 } == true, "\(seconds) read back as \(String(describing: read))")
        }
        #expect(ISO8601Timestamp.epochSeconds(from: "2026-12-06T10:00:00Z") == 1_796_551_200)
        for bad in ["", "2026-12-06", "2026-13-06T10:00:00Z", "2026-12-06T10:00:00.Z", "2026-12-06 10:00:00Z"] {
            #expect(ISO8601Timestamp.epochSeconds(from: bad) == nil, "\(bad)")
        }
    }

    @Test func valuesAreRawLiteralsThatHoldAnyJSON() {
        #expect(SessionTestWriter.literal(#""swift""#) == ##"#""swift""#"##)
        #expect(SessionTestWriter.literal(##"{"a":"x\"#y"}"##) == ###"##"{"a":"x\"#y"}"##"###)
        #expect(SessionTestWriter.seconds(0.0415) == "0.042" && SessionTestWriter.seconds(12) == "12.000")
    }
}

/// `replay`'s words for a difference: the first row and field that differ, not an excerpt of
/// a long value's matching start.
@Suite(.ownThreads, .timeLimit(.minutes(1))) struct ReplayDifferenceTests {
    private func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    @Test func aDifferenceIsFollowedDownToItsRowAndField() throws {
        let recorded = try json(#"{"items":[{"title":"a","on":false},{"title":"b","on":true}],"count":2,"at":"2026-12-06T10:00:00.000Z"}"#)
        let now = try json(#"{"items":[{"title":"a","on":false},{"title":"b","on":false}],"count":2.0,"at":"2026-12-06T10:00:00.400Z"}"#)
        #expect(ReplayDifference.outputs(vm: "shop", recorded: recorded, now: now) == ["shop.items row 1.on: recorded true, now false"])
        let shorter = try json(#"{"items":[],"count":3}"#)
        #expect(ReplayDifference.outputs(vm: "shop", recorded: recorded, now: shorter)
            == ["shop.items: recorded 2 rows, now 0", "shop.count: recorded 2, now 3", "shop.at: recorded \"2026-12-06T10:00:00.000Z\", now missing"])
        #expect(ReplayDifference.verdict([]) == "as recorded")
        #expect(ReplayDifference.verdict(["a", "b", "c", "d", "e"]) == "differs: a; b; c; and 2 more")
    }
}
