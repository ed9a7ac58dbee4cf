import BinderyTestSupport
import Foundation
import Testing

/// binderyctl's output on a real terminal (a tmux pane on a private tmux server): colour-aware
/// alignment, tables fitted to the width, `\x`, the pager, and Ctrl-C interrupting a run —
/// against the daemon of `TestDaemon` (the real binderyd).
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct InteractiveTerminalTests {
    typealias Pane = InteractiveTmuxTests.Pane

    func shell(_ daemon: TestDaemon, environment: String = "", columns: Int = 160, rows: Int = 50) throws -> Pane {
        let command = "env TERM=xterm XDG_STATE_HOME=/nonexistent-bctl \(environment) \(Binderyctl.path) --socket \(daemon.socketPath);"
            + " echo \"binderyctl exited $?\""
        let pane = try Pane(command: command, columns: columns, rows: rows)
        #expect(try pane.waitFor("bindery>").contains("bindery>"))
        return pane
    }

    func enter(_ pane: Pane, _ line: String) throws {
        try pane.type(line)
        try pane.press("Enter")
    }

    @Test func colouredCellsStayAligned() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let pane = try shell(daemon, environment: "PAGER=")  // colours on: NO_COLOR unset
        defer { pane.close() }
        try enter(pane, "show login")
        let screen = try pane.waitFor("fillUp")
        let lines = screen.split(separator: "\n").map(String.init)
        guard let header = lines.first(where: { $0.contains("ENABLED") }),
              let row = lines.first(where: { $0.hasPrefix("  fillUp ") }) else {
            Issue.record("no command table in:\n\(screen)"); return
        }
        func column(_ title: String) -> Int {
            header.distance(from: header.startIndex, to: header.range(of: title)!.lowerBound)
        }
        // "yes" is green: if its escape codes counted as width, the columns after it would shift.
        for title in ["ENABLED", "EXECUTING"] {
            let cell = row.dropFirst(column(title)).prefix(3)
            #expect(cell == "yes" || cell == "no ", "\(title) column:\n\(header)\n\(row)")
        }
        #expect(row.dropFirst(column("RUNS")).first?.isNumber == true, "RUNS column:\n\(header)\n\(row)")
    }

    @Test func tablesFitTheWidthAndExpandedShowsEveryField() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let pane = try shell(daemon, environment: "NO_COLOR=1 PAGER=", columns: 60)
        defer { pane.close() }
        let long = String(repeating: "abcdefghij", count: 10)
        try enter(pane, "set compass.valueA \(long)")
        try enter(pane, "show compass")
        let screen = try pane.waitFor("valueB")
        let lines = screen.split(separator: "\n").map(String.init)
        let valueLine = lines.first { $0.hasPrefix("  valueA ") }
        #expect(valueLine?.hasSuffix("…") == true, "\(screen)")
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(screen)")
        #expect(!lines.contains { $0.hasPrefix("  INPUT") && $0.count > 60 }, "the header is not wrapped")

        try enter(pane, "\\x")
        #expect(try pane.waitFor("expanded display is on").contains("expanded display is on"))
        try enter(pane, "show compass")
        let expanded = try pane.waitFor("-[ 2 ]")
        #expect(expanded.contains("-[ 1 ]"))
        #expect(expanded.contains("VALUE  \"\(long.prefix(40))"), "expanded values are not cut:\n\(expanded)")
        try enter(pane, "set compass.valueA x")
        _ = try pane.waitFor("compass.valueA = \"x\"")
    }

    @Test func longOutputGoesThroughThePager() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let pane = try shell(daemon, environment: "NO_COLOR=1 PAGER='sed s/^/PAGED:/'", rows: 10)
        defer { pane.close() }
        try enter(pane, "help")
        #expect(try pane.waitFor("PAGED:Commands:").contains("PAGED:Commands:"))
        try enter(pane, "ping")
        let screen = try pane.waitFor("pong from binderyd")
        #expect(!screen.contains("PAGED:pong"), "short output is not paged")
    }

    @Test func aMissingPagerFallsBackToPrinting() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let pane = try shell(daemon, environment: "NO_COLOR=1 PAGER=no-such-pager-bctl", rows: 10)
        defer { pane.close() }
        try enter(pane, "help")
        #expect(try pane.waitFor("`help COMMAND` for more").contains("`help COMMAND` for more"))
    }

    @Test func ctrlCInterruptsTheRunAndTheLogSaysSo() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        // login.login waits for the API's latency: long enough to press Ctrl-C while it runs.
        let before = try Binderyctl.run(["--socket", daemon.socketPath, "-c", "get api.latencyMs"])
        let restoreLatency = before.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try Binderyctl.run(["--socket", daemon.socketPath, "-c", "set api.latencyMs 20000"])
        defer { _ = try? Binderyctl.run(["--socket", daemon.socketPath, "-c", "set api.latencyMs \(restoreLatency)"]) }
        let pane = try shell(daemon, environment: "NO_COLOR=1 PAGER=")
        defer { pane.close() }
        try enter(pane, "set login.mobilePhone 13800138000")
        try enter(pane, "set login.verifyCode 1234")
        _ = try pane.waitFor("login.verifyCode = \"1234\"")
        try enter(pane, "run login.login")
        #expect(try pane.waitFor("executing login.login…").contains("(Ctrl-C interrupts it)"))
        try pane.press("C-c")
        let screen = try pane.waitFor("interrupted: login.login was interrupted by a client")
        #expect(screen.contains("interrupted: login.login was interrupted by a client"), "\(screen)")
        try enter(pane, "log 3")
        #expect(try pane.waitFor("interrupted login.login").contains("interrupted login.login"))
        try pane.press("C-d")
        #expect(try pane.waitFor("binderyctl exited").contains("binderyctl exited 0"))
    }
}
