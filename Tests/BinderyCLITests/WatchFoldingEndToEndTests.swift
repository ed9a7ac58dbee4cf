import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// Issue 40, item 3, against the real daemon: `binderyctl watch` of a view model polled by a
/// timer every 0.3 s (bindery-ticker-daemon) prints a poll once and counts the identical ones,
/// and a command's state object never in full after the first.
@Suite(.ownThreads, .timeLimit(.minutes(3))) struct WatchFoldingEndToEndTests {
    @Test func aTimersIdenticalPollsAreCountedNotPrinted() throws {
        let directory = try TemporaryDirectory(name: "bwf-\(UUID().uuidString.prefix(8))")
        let daemon = try DaemonProcess(program: "bindery-ticker-daemon", directory: directory.path("d"), latencyFlag: false, logLevel: "warning")
        defer { _ = daemon.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binderyctl.path)
        process.arguments = ["--socket", daemon.socketPath, "-c", "watch ticker"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let printed = Mutex(Data())
        let reader = Thread {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            printed.withLock { $0 = data }
        }
        reader.start()
        // At least five polls (start, finish) go by, then a different answer ends the repeats.
        let polls = try #require(try waitForRuns(daemon.socketPath, atLeast: 6))
        _ = try Binderyctl.run(["--socket", daemon.socketPath, "-c", "set ticker.symbols [\"AAPL\"]"])
        _ = try waitForRuns(daemon.socketPath, atLeast: polls + 2)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(waitUntil(seconds: 10) { !printed.withLock { $0 }.isEmpty })
        let lines = String(decoding: printed.withLock { $0 }, as: UTF8.self).split(separator: "\n").map(String.init)
        let counts = lines.filter { $0.hasPrefix("  … the last 2 lines repeated ") }
        #expect(!counts.isEmpty, "a count line for the identical polls: \(lines)")
        // binderyctl writes a list on one line by its length: the two symbols' answer, then the one's.
        let finishes = lines.filter { $0.contains("finish ticker.refresh") && $0.contains("→ [2 items]") }
        #expect(finishes.count < polls / 2, "the identical polls are not each printed: \(lines)")
        #expect(lines.contains { $0.contains("finish ticker.refresh") && $0.contains("→ [1 item]") }, "the different answer is printed: \(lines)")
        #expect(lines.filter { $0.contains("[command] = {") }.count <= 1, "a command's state object in full at most once: \(lines)")
        #expect(!lines.contains { $0.contains("[command]") && $0.contains("runs") }, "its runs are said by its start: \(lines)")
    }

    /// On a terminal `watch` owns, one count line under the poll is rewritten at each repeat:
    /// the screen shows the poll once and a single count that goes up.
    @Test(.enabled(if: ExternalTool.tmux.isInstalled, Comment(rawValue: ExternalTool.tmux.missingReason)))
    func onATerminalTheCountLineIsRewrittenInPlace() throws {
        let directory = try TemporaryDirectory(name: "bwt-\(UUID().uuidString.prefix(8))")
        let daemon = try DaemonProcess(program: "bindery-ticker-daemon", directory: directory.path("d"), latencyFlag: false, logLevel: "warning")
        defer { _ = daemon.stop() }
        let pane = try InteractiveTmuxTests.Pane(command: "env NO_COLOR=1 TERM=xterm \(Binderyctl.path) --socket \(daemon.socketPath) -c 'watch ticker'")
        defer { pane.close() }
        let screen = try pane.waitFor("repeated 6 times")
        let counts = screen.split(separator: "\n").filter { $0.contains("… the last 2 lines repeated") }
        #expect(counts.count == 1, "one count line, rewritten: \(screen)")
        #expect(screen.split(separator: "\n").filter { $0.contains("finish ticker.refresh") }.count == 1, "\(screen)")
    }

    /// The runs of ticker.refresh so far, once there are at least `count`.
    private func waitForRuns(_ socket: String, atLeast count: Int) throws -> Int? {
        var runs: Int?
        let reached = try waitUntil(seconds: 30) {
            let shown = try Binderyctl.run(["--socket", socket, "--json", "-c", "get ticker.refresh"]).stdout
            guard let range = shown.range(of: #""runs":\s*\d+"#, options: .regularExpression),
                  let number = Int(shown[range].split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) else { return false }
            runs = number
            return number >= count
        }
        return reached ? runs : nil
    }
}
