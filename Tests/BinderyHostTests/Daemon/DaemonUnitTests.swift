import Bindery
import BinderyControl
import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Testing

/// The daemon's small parts: view-model values to JSON, line framing, the event ring, the flags.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct DaemonUnitTests {
    @Test func writerEscapesAndRoundTrips() throws {
        let value: SurfaceValue = .record(["text": .string("a\"b\\c\n\u{1}<>&é"), "n": .double(.infinity), "list": .list([.int(1), .double(0.5)])])
        let bytes = JSONWriter.encode(value)
        #expect(!bytes.contains(UInt8(ascii: "<")))
        let parsed = try JSONParser.parse(bytes)
        #expect(parsed["text"] == .string("a\"b\\c\n\u{1}<>&é"))
        #expect(parsed["n"] == .null)
        #expect(parsed["list"] == .array([.int(1), .double(0.5)]))
    }

    @Test func framerSplitsLinesAndDiscardsOversizedOnes() {
        var framer = LineFramer(maximumFrameLength: 8)
        #expect(framer.feed(Array("ab\ncd".utf8)) == [.line(Array("ab".utf8))])
        #expect(framer.feed(Array("e\r\n\n".utf8)) == [.line(Array("cde".utf8))])
        #expect(framer.feed(Array("123456789".utf8)) == [.tooLarge])
        #expect(framer.feed(Array("more".utf8)) == [])
        #expect(framer.feed(Array("x\nok\n".utf8)) == [.line(Array("ok".utf8))])
    }

    /// What the connection's partial-line bound asks: bytes of a line whose newline has not
    /// come, including a line being discarded; empty lines and whole ones leave none.
    @Test func framerSaysWhetherItHoldsAPartialLine() {
        var framer = LineFramer(maximumFrameLength: 8)
        #expect(!framer.holdsPartialLine)
        _ = framer.feed(Array("\n\r\n".utf8))
        #expect(!framer.holdsPartialLine)
        _ = framer.feed(Array("ab".utf8))
        #expect(framer.holdsPartialLine)
        _ = framer.feed(Array("\n".utf8))
        #expect(!framer.holdsPartialLine)
        _ = framer.feed(Array("123456789".utf8))
        #expect(framer.holdsPartialLine, "a line over the limit is still being discarded")
        _ = framer.feed(Array("\n".utf8))
        #expect(!framer.holdsPartialLine)
    }

    @Test func eventLogKeepsTheNewestEntriesInOrder() {
        var log = EventLog(capacity: 3)
        for version in 1...5 { log.append(EventLog.Entry(version: UInt64(version), json: [UInt8(version)])) }
        #expect(log.count == 3)
        #expect(log.entries.map(\.version) == [3, 4, 5])
        #expect(log.last(2).map(\.version) == [4, 5])
        #expect(log.after(version: 3).map(\.version) == [4, 5])
        #expect(log.after(version: 9).isEmpty)
    }

    @Test func optionsHaveDevelopmentDefaultsAndSystemdDirectories() throws {
        guard case let .run(plain) = try DaemonOptions.parse([], environment: [:]) else { Issue.record("no run"); return }
        #expect(plain.socketPath == ".bindery/control.sock" && plain.stateDirectory == ".bindery")
        #expect(plain.httpHost == "127.0.0.1" && plain.httpPort == 8420 && plain.webDirectory == nil)
        #expect(plain.socketMode == 0o600)
        guard case let .run(systemd) = try DaemonOptions.parse(
            ["--http=[::1]:0", "--set", "api.failureRate=0.5", "--socket-mode", "660", "--set=login.username=a=b"],
            environment: ["RUNTIME_DIRECTORY": "/run/bindery", "STATE_DIRECTORY": "/var/lib/bindery"]) else {
            Issue.record("no run"); return
        }
        #expect(systemd.socketPath == "/run/bindery/control.sock" && systemd.stateDirectory == "/var/lib/bindery")
        #expect(systemd.httpHost == "::1" && systemd.httpPort == 0 && systemd.socketMode == 0o660)
        #expect(systemd.settings == [StartupSetting(viewModel: "api", input: "failureRate", text: "0.5"),
                                     StartupSetting(viewModel: "login", input: "username", text: "a=b")])
        #expect(try DaemonOptions.parse(["--version"], environment: [:]) == .version)
        #expect(throws: UsageError.self) { try DaemonOptions.parse(["--set"], environment: [:]) }
        for bad in ["api", "api=1", ".x=1", "api.=1", "apilatency"] {
            #expect(throws: UsageError.self) { try DaemonOptions.parse(["--set", bad], environment: [:]) }
        }
    }

    @Test func usageNamesTheProgramAndItsExtraFlags() {
        let turbo = DaemonOptions.Option("--turbo", help: ["go fast"]) { _ in }
        let usage = DaemonOptions.usage(program: "counterd", extraOptions: [turbo])
        #expect(usage.hasPrefix("usage: counterd [--socket PATH]"))
        #expect(usage.contains("[--set VM.INPUT=VALUE]..."))
        #expect(usage.contains("[--turbo]") && usage.contains("\n  --turbo                   go fast\n"))
        #expect(!usage.contains("binderyd") && !usage.contains("latency"))
        for line in DaemonOptions.usage(program: "binderyd").split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }
}
