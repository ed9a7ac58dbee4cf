import BinderyCLI
import BinderyJSON
import BinderyTestSupport
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct LayoutTests {
    let green = Style(enabled: true).green

    @Test func colourCodesTakeNoColumns() {
        #expect(DisplayWidth.of(green("yes")) == 3)
        #expect(DisplayWidth.of("西東") == 4)
        #expect(DisplayWidth.pad(green("no"), to: 4) == green("no") + "  ")
    }

    @Test func truncateCutsByColumnsAndKeepsColourBalanced() {
        #expect(DisplayWidth.truncate("abcdefgh", to: 5) == "abcd…")
        #expect(DisplayWidth.truncate("abc", to: 5) == "abc")
        #expect(DisplayWidth.truncate("西東南北", to: 5) == "西東…")
        let cut = DisplayWidth.truncate(green("abcdefgh"), to: 4)
        #expect(DisplayWidth.of(cut) == 4)
        #expect(cut.hasSuffix("…\u{1B}[0m"))
    }

    @Test func aWideTableIsFittedByCuttingItsWidestColumn() {
        var table = TextTable(header: ["NAME", "VALUE"])
        table.append(["valueA", String(repeating: "x", count: 100)])
        table.append(["b", "short"])
        let lines = table.lines(layout: TableLayout(width: 30))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 30 })
        #expect(lines[1] == "valueA  " + String(repeating: "x", count: 21) + "…")
        #expect(lines[2] == "b       short")
        #expect(table.lines() [1].count == 108, "off a terminal nothing is cut")
    }

    @Test func expandedPrintsOneFieldPerLine() {
        var table = TextTable(header: ["COMMAND", "RUNS"])
        table.append(["refresh", "2"])
        table.append(["loadMore", "1"])
        let lines = table.lines(layout: TableLayout(width: 80, expanded: .on))
        #expect(lines[0].hasPrefix("-[ 1 ]--"))
        #expect(Array(lines[1...2]) == ["COMMAND  refresh", "RUNS     2"])
        #expect(lines[3].hasPrefix("-[ 2 ]--"))
        let auto = table.lines(layout: TableLayout(width: 10, expanded: .auto))
        #expect(auto[0].hasPrefix("-[ 1 ]"), "auto expands what does not fit")
        #expect(table.lines(layout: TableLayout(width: 80, expanded: .auto))[0] == "COMMAND   RUNS")
    }

    @Test func interruptedRunsAreNotShownAsFailures() throws {
        let plain = ReplyRenderer(style: Style(enabled: false))
        let event = try JSONParser.parse(#"{"version":7,"at":"2026-12-01T06:00:00.000Z","kind":"fail","vm":"products","name":"loadMore","durationMs":120,"error":"products.loadMore was cancelled before it produced a value","code":"cancelled"}"#)
        #expect(plain.event(event) == "#7 06:00:00.000 cancelled products.loadMore 120 ms: products.loadMore was cancelled before it produced a value")
        #expect(!ReplyRenderer(style: Style(enabled: true)).event(event).contains("\u{1B}[31m"), "not red")
    }

    @Test func helpFitsEightyColumns() {
        let text = [Invocation.helpText(), CommandTable.overview(), CommandTable.quickHelp()]
            + CommandTable.names.compactMap { try? CommandTable.help(for: $0).get() }
        for line in text.joined(separator: "\n").split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 80, "\(line)")
        }
    }

    @Test func backslashX() throws {
        #expect(try CommandParser.parse("\\x") == .expanded(nil))
        #expect(try CommandParser.parse("\\x auto") == .expanded(.auto))
        #expect(throws: CommandLineError.self) { try CommandParser.parse("\\x sideways") }
    }
}
