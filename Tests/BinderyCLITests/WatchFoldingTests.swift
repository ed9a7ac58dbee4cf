@testable import BinderyCLI
import BinderyJSON
import BinderyTestSupport
import Testing

/// Issue 40, item 3: `watch` folds a timer's identical polls into a count line and shows a
/// command's state object by what changed, once per event.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct WatchFoldingTests {
    let plain = ReplyRenderer(style: Style(enabled: false))

    /// The lines of `outputs` as a reader sees them: a replaced line replaces the last one.
    static func screen(_ outputs: [RepeatFolding.Output]) -> [String] {
        var lines: [String] = []
        for output in outputs {
            switch output {
            case let .line(text): lines.append(text)
            case let .replaceLast(text): lines[lines.count - 1] = text
            }
        }
        return lines
    }

    /// A timer's poll of `ticker.refresh` at `second`: its start, its command state, its finish
    /// and the state it leaves, as the daemon sends them.
    static func poll(_ second: Int, version: Int, runs: Int, value: String = "[1,2]", previous: String = "[1,2]") throws -> [JSONValue] {
        let at = "2026-12-06T10:00:\(second < 10 ? "0" : "")\(second).000Z"
        return try [
            #"{"version":\#(version),"at":"\#(at)","kind":"start","vm":"ticker","name":"refresh","by":"binding","via":"timer"}"#,
            #"{"version":\#(version),"at":"\#(at)","kind":"change","vm":"ticker","name":"refresh","part":"command","value":{"enabled":true,"executing":true,"lastValue":\#(previous),"lastError":null,"runs":\#(runs)}}"#,
            #"{"version":\#(version + 1),"at":"\#(at)","kind":"finish","vm":"ticker","name":"refresh","durationMs":\#(10 + second),"value":\#(value),"by":"binding","via":"timer"}"#,
            #"{"version":\#(version + 1),"at":"\#(at)","kind":"change","vm":"ticker","name":"refresh","part":"command","value":{"enabled":true,"executing":false,"lastValue":\#(value),"lastError":null,"runs":\#(runs)}}"#,
        ].map { try JSONParser.parse($0) }
    }

    func watched(_ events: [JSONValue], rewrites: Bool, summaryInterval: Double = 30) -> [String] {
        var lines = WatchLines(rewrites: rewrites, summaryInterval: summaryInterval)
        return Self.screen(events.flatMap { lines.add($0, renderer: plain) } + lines.finish())
    }

    @Test func aTimersIdenticalPollsFoldIntoOneCountLineOnATerminal() throws {
        var events: [JSONValue] = []
        for tick in 0..<5 { events += try Self.poll(2 * tick, version: 10 + 2 * tick, runs: tick + 1) }
        let lines = watched(events, rewrites: true)
        // The first poll: its start and finish (its state objects say nothing they did not); then one count line.
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[0].contains("start  ticker.refresh"), "\(lines)")
        #expect(lines[1].contains("finish ticker.refresh 10 ms → "), "\(lines)")
        #expect(lines[2] == "  … the last 2 lines repeated 4 times, last at 10:00:08.000", "\(lines)")
    }

    @Test func withoutATerminalTheCountIsPrintedWhenTheRepeatsEnd() throws {
        var events: [JSONValue] = []
        for tick in 0..<3 { events += try Self.poll(2 * tick, version: 10 + 2 * tick, runs: tick + 1) }
        events += try Self.poll(6, version: 16, runs: 4, value: "[3]")
        let lines = watched(events, rewrites: false)
        #expect(lines.count == 5, "\(lines)")
        #expect(lines[2] == "  … the last 2 lines repeated 2 times, last at 10:00:04.000", "\(lines)")
        #expect(lines[3].contains("start  ticker.refresh"), "the different poll's start, held back until it differed: \(lines)")
        #expect(lines[4].contains("finish ticker.refresh 16 ms → [1 item]"), "\(lines)")
    }

    @Test func withoutATerminalLongRepeatsAreCountedAtMostEveryInterval() throws {
        var events: [JSONValue] = []
        for tick in 0..<6 { events += try Self.poll(2 * tick, version: 10 + 2 * tick, runs: tick + 1) }
        let lines = watched(events, rewrites: false, summaryInterval: 4)
        #expect(Array(lines.dropFirst(2)) == [
            "  … the last 2 lines repeated 3 times, last at 10:00:06.000",
            "  … the last 2 lines repeated 2 more times, last at 10:00:10.000",
        ], "\(lines)")
    }

    @Test func aRepetitionBrokenPartWayPrintsWhatItHeldBack() {
        var folding = RepeatFolding(rewrites: true)
        var outputs: [RepeatFolding.Output] = []
        for (line, time) in [("a", 1.0), ("b", 2), ("a", 3), ("c", 4)] {
            outputs += folding.add(line, key: line, clock: "t\(Int(time))", time: time)
        }
        outputs += folding.finish()
        #expect(Self.screen(outputs) == ["a", "b", "a", "c"])
    }

    @Test func anIdenticalLineRepeatedIsCountedNotPrinted() {
        var folding = RepeatFolding(rewrites: true)
        var outputs: [RepeatFolding.Output] = []
        for time in 1...3 { outputs += folding.add("refused", key: "k", clock: "t\(time)", time: Double(time)) }
        outputs += folding.add("other", key: "o", clock: "t4", time: 4)
        #expect(Self.screen(outputs) == ["refused", "  … repeated 2 times, last at t3", "other"])
        #expect(outputs.filter { if case .replaceLast = $0 { true } else { false } }.count == 1, "the count line is rewritten in place")
    }

    @Test func aCommandsStateSaysOnlyWhatChangedAndWhatItsRunDidNotSay() throws {
        var records = CommandRecordChanges()
        let inline = plain.inline
        func change(_ version: Int, _ value: String) throws -> JSONValue {
            try JSONParser.parse(#"{"version":\#(version),"kind":"change","vm":"t","name":"refresh","part":"command","value":\#(value)}"#)
        }
        // First seen, not after its own event: whole.
        let first = records.changes(of: try change(1, #"{"enabled":true,"executing":false,"lastValue":null,"runs":0}"#), inline: inline)
        #expect(first?.hasPrefix("= {") == true && first?.contains("runs") == true, "\(first ?? "nil")")
        // Disabled by an input: only that field.
        #expect(records.changes(of: try change(2, #"{"enabled":false,"executing":false,"lastValue":null,"runs":0}"#), inline: inline)
            == "enabled: true → false")
        // After its own finish in the same version: executing, runs and lastValue are said by it.
        records.note(try JSONParser.parse(#"{"version":3,"kind":"finish","vm":"t","name":"refresh","value":[1,2,3]}"#))
        #expect(records.changes(of: try change(3, #"{"enabled":false,"executing":false,"lastValue":[1,2,3],"runs":1}"#), inline: inline) == nil)
        // Its finish in an earlier version says nothing of a later change.
        let later = records.changes(of: try change(4, #"{"enabled":true,"executing":false,"lastValue":[4],"runs":1}"#), inline: inline)
        #expect(later == "enabled: false → true, lastValue = \(inline(.array([.int(4)])))", "\(later ?? "nil")")
    }
}
