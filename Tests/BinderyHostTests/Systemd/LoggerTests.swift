import Bindery
import BinderyHost
import BinderyPrimitives
import BinderySystemd
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// Collects what a logger writes.
private final class Captured: Sendable {
    private let texts = Lock<[String]>([])
    var all: [String] { texts.withLock { $0 } }
    func write(_ text: String) { texts.withLock { $0.append(text) } }
}

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct LoggerTests {
    @Test func journalFormatPrefixesEveryLineWithItsPriority() {
        let captured = Captured()
        let logger = Logger(threshold: .debug, format: .journal, write: captured.write)
        logger.debug("d")
        logger.info("i")
        logger.notice("n")
        logger.warning("first line\nsecond line")
        logger.error("e\n")
        #expect(captured.all == ["<7>d\n", "<6>i\n", "<5>n\n", "<4>first line\n<4>second line\n", "<3>e\n"])
    }

    @Test func plainFormatHasATimestampAndLevelOnEveryLine() throws {
        let captured = Captured()
        Logger(threshold: .info, format: .plain, write: captured.write).notice("listening\non 127.0.0.1:8420")
        let text = try #require(captured.all.first)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        let pattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z notice: (.*)$/
        #expect(lines.compactMap { try? pattern.wholeMatch(in: String($0))?.1 }.map(String.init)
            == ["listening", "on 127.0.0.1:8420"])
    }

    @Test func messagesBelowTheThresholdAreNeitherBuiltNorWritten() {
        let captured = Captured()
        let built = Lock(0)
        let logger = Logger(threshold: .warning, format: .journal, write: captured.write)
        func expensive() -> String { built.withLock { $0 += 1 }; return "x" }
        logger.debug(expensive())
        logger.info(expensive())
        logger.notice(expensive())
        logger.warning(expensive())
        #expect(built.withLock { $0 } == 1)
        #expect(captured.all == ["<4>x\n"])
        #expect(!logger.isEnabled(.notice) && logger.isEnabled(.error))
    }

    @Test func levelsParseAndOrderBySeverity() {
        #expect(LogLevel(name: "WARN") == .warning)
        #expect(LogLevel(name: "err") == .error)
        #expect(LogLevel(name: "notice") == .notice)
        #expect(LogLevel(name: "verbose") == nil)
        #expect(LogLevel.allCases.sorted() == [.debug, .info, .notice, .warning, .error])
        #expect(LogLevel.allCases.allSatisfy { LogLevel(name: $0.description) == $0 })
    }

    @Test func journalIsDetectedOnlyWhenStandardErrorIsTheJournalStream() {
        var info = stat()
        fstat(STDERR_FILENO, &info)
        #expect(Logger.Format.forStandardError(journalStream: "\(info.st_dev):\(info.st_ino)") == .journal)
        #expect(Logger.Format.forStandardError(journalStream: "\(info.st_dev):\(info.st_ino + 1)") == .plain)
        #expect(Logger.Format.forStandardError(journalStream: "garbage") == .plain)
        #expect(Logger.Format.forStandardError(journalStream: nil) == .plain)
    }

    @Test func writesPrefixedLinesToStandardErrorUnderJournalStream() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            var info = stat()
            fstat(STDERR_FILENO, &info)
            setenv("JOURNAL_STREAM", "\(info.st_dev):\(info.st_ino)", 1)
            Logger(threshold: .info).warning("disk\nfull")
            Logger(threshold: .info).debug("hidden")
        }
        #expect(String(decoding: try #require(result).standardErrorContent, as: UTF8.self).hasSuffix("<4>disk\n<4>full\n"))
    }
}
