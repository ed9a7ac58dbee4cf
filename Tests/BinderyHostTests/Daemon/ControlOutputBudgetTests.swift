import BinderyHost
import BinderyTestSupport
import Foundation
import Testing

/// Many watchers that never read: all of them together may queue at most the control output
/// budget (64 MiB by default); past it the slowest are disconnected with a logged reason, the
/// daemon's memory stays bounded, and clients that read are served throughout.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ControlOutputBudgetTests {
    @Test(.enabled(if: !underThreadSanitizer && !underAddressSanitizer, "resident memory under a sanitizer is the sanitizer's, not the daemon's"))
    func fiftyStuckWatchersCannotTakeTheDaemonsMemory() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        var watchers: [ControlClient] = []
        for _ in 0..<50 {
            let watcher = try daemon.control()
            try watcher.send(line: #"{"id":"w","op":"watch","vm":"products"}"#)
            watchers.append(watcher)
        }
        let driver = try daemon.control()
        #expect(try driver.request(#"{"op":"run","vm":"products","name":"refresh"}"#).isOK)
        // Each request is its own change (pipelined ones would be coalesced), so each sends
        // every watcher the whole list (its 50 rows, a few KB): some 5 MB a round across the
        // 50 watchers, about 300 MB queued unread over the 60 rounds when nothing bounds them
        // (each connection alone stops only at 16 MiB: 800 MB).
        var peak = 0
        for _ in 0..<60 {
            #expect(try driver.request(#"{"op":"run","vm":"products","name":"loadMore"}"#)["ok"] != nil)
            for row in 0..<20 {
                #expect(try driver.request(#"{"op":"run","vm":"products","name":"toggle","arg":\#(row)}"#).isOK)
            }
            peak = max(peak, try daemon.residentBytes())
        }
        // The budget (64 MiB) plus the daemon's own ~25 MB and the buffers' slack.
        #expect(peak < 160 << 20, "peak RSS \(peak >> 20) MiB")
        #expect(try daemon.control().request(#"{"op":"ping"}"#).isOK)
        #expect(daemon.stop() == 0)
        let closings = daemon.standardError().split(separator: "\n").filter { $0.contains("closing a control client") }
        #expect(!closings.isEmpty, "peak \(peak >> 20) MiB")
        #expect(closings.allSatisfy { $0.contains("warning:") && $0.contains("over the budget of 64.0 MiB (--control-output-mib)") })
        _ = watchers
    }

    @Test func theBudgetIsAFlagInMebibytes() throws {
        guard case let .run(plain) = try DaemonOptions.parse([], environment: [:]),
              case let .run(set) = try DaemonOptions.parse(["--control-output-mib", "8"], environment: [:]) else {
            Issue.record("no run"); return
        }
        #expect(plain.controlOutputBudgetBytes == 64 << 20 && set.controlOutputBudgetBytes == 8 << 20)
        for bad in ["0", "-1", "x", "65537"] {
            #expect(throws: UsageError.self) { try DaemonOptions.parse(["--control-output-mib", bad], environment: [:]) }
        }
    }
}
