import BinderyCLI
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// binderyctl as a script uses it: `-c` and stdin modes, rendering, errors and exit codes,
/// against the daemon of `TestDaemon` (the real binderyd).
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct EndToEndTests {
    func withDaemon(_ body: (TestDaemon) throws -> Void) throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        try body(daemon)
    }

    @Test func pingAndListSucceedWithExitZero() throws {
        try withDaemon { d in
            let r = try Binderyctl.run(["--socket", d.socketPath, "-c", "ping", "-c", "ls"])
            #expect(r.status == 0)
            #expect(r.stdout.contains("pong"))
            #expect(r.stdout.contains("VIEW MODEL"))
            #expect(r.stdout.contains("mobilePhone, verifyCode"))
            #expect(!r.stdout.contains("\u{1B}["), "no colours off a terminal")
        }
    }

    @Test func unicodeValueReachesTheTwoWayBinding() throws {
        try withDaemon { d in
            let r = try Binderyctl.run(["--socket", d.socketPath, "-c", "set compass.valueA 西", "-c", "get compass.valueB"])
            #expect(r.status == 0)
            #expect(r.stdout.contains("compass.valueA = \"西\""))
            #expect(r.stdout.contains("\"東\""))
        }
    }

    @Test func stdinModeReadsLinesWithoutPrompt() throws {
        try withDaemon { d in
            let script = "set login.mobilePhone \"138 0013 8000\"\n\nget login.mobilePhone\n"
            let r = try Binderyctl.run(["--socket", d.socketPath], stdin: script)
            #expect(r.status == 0)
            #expect(r.stdout == "login.mobilePhone = \"138 0013 8000\"\n\"138 0013 8000\"\n")
            #expect(!r.stdout.contains("bindery>"))
        }
    }

    @Test func failedCommandStopsWithExitOneAndSuggestion() throws {
        try withDaemon { d in
            let r = try Binderyctl.run(["--socket", d.socketPath, "-c", "set login.mobilPhone 1", "-c", "ping"])
            #expect(r.status == 1)
            #expect(r.stderr.contains("unknown input 'mobilPhone' in login — did you mean 'mobilePhone'?"))
            #expect(!r.stdout.contains("pong"), "stops at the first failure")
        }
    }

    @Test func keepGoingRunsTheRestButStillExitsOne() throws {
        try withDaemon { d in
            let r = try Binderyctl.run(["--socket", d.socketPath, "--keep-going", "-c", "show logn", "-c", "ping"])
            #expect(r.status == 1)
            #expect(r.stderr.contains("did you mean 'login'?"))
            #expect(r.stdout.contains("pong"))
        }
    }

    @Test func stdinModeStopsAtFailureToo() throws {
        try withDaemon { d in
            let r = try Binderyctl.run(["--socket", d.socketPath], stdin: "sett x\nping\n")
            #expect(r.status == 1)
            #expect(r.stderr.contains("unknown command 'sett' — did you mean 'set'?"))
            #expect(!r.stdout.contains("pong"))
        }
    }

    @Test func typeErrorNamesTheExpectedType() throws {
        try withDaemon { d in
            let r = try Binderyctl.run(["--socket", d.socketPath, "-c", "set api.latencyMs fast"])
            #expect(r.status == 1)
            #expect(r.stderr.contains("api.latencyMs expects an int"))
        }
    }

    @Test func badOptionIsUsageExitTwo() throws {
        let r = try Binderyctl.run(["--jsn"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown option '--jsn' — did you mean '--json'?"))
    }

    @Test func missingDaemonIsExitThreeWithAdvice() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString.prefix(6)).sock").path
        let r = try Binderyctl.run(["--socket", path, "-c", "ping"])
        #expect(r.status == 3)
        #expect(r.stderr.contains("cannot connect to \(path): is binderyd running? Start it with `binderyd --socket \(path)`."))
    }

    /// With no flag and no BINDERY_SOCKET, binderyctl finds ./.bindery/control.sock (here a
    /// symlink to the test daemon's socket) in the current directory.
    @Test func withoutFlagsTheCheckoutSocketIsFound() throws {
        try withDaemon { d in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-cwd-\(UUID().uuidString.prefix(6))").path
            try FileManager.default.createDirectory(atPath: directory + "/.bindery", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try FileManager.default.createSymbolicLink(atPath: directory + "/.bindery/control.sock", withDestinationPath: d.socketPath)
            let r = try Binderyctl.run(["-c", "ping"], currentDirectory: directory)
            #expect(r.status == 0)
            #expect(r.stdout.contains("./.bindery/control.sock"))
        }
    }

    /// `--complete` prints what Tab offers, with names from the daemon; without a daemon, the
    /// command words still complete.
    @Test func completeFlagAnswersLikeTab() throws {
        try withDaemon { d in
            let input = try Binderyctl.run(["--socket", d.socketPath, "--complete", "set login.mo"])
            #expect(input.status == 0 && input.stdout == "login.mobilePhone \n", "a VALUE must follow: trailing space")
            let vm = try Binderyctl.run(["--socket", d.socketPath, "--complete", "run pro"])
            #expect(vm.stdout == "products.\n")
            let command = try Binderyctl.run(["--socket", d.socketPath, "--complete", "run products.re"])
            #expect(command.stdout == "products.refresh\n")
        }
        let absent = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString.prefix(6)).sock").path
        let words = try Binderyctl.run(["--socket", absent, "--complete", "s"])
        #expect(words.status == 0 && words.stdout == "set \nshow \n")
        #expect(try Binderyctl.run(["--socket", absent, "--complete", "l"]).stdout == "log\nls\n", "nothing required follows")
    }

    @Test func defaultSocketComesFromTheEnvironment() throws {
        try withDaemon { d in
            let r = try Binderyctl.run(["-c", "ping"], environment: ["BINDERY_SOCKET": d.socketPath])
            #expect(r.status == 0)
            #expect(r.stdout.contains(d.socketPath))
        }
    }

    @Test func jsonPrintsRepliesVerbatimOnePerLine() throws {
        try withDaemon { d in
            let r = try Binderyctl.run(["--socket", d.socketPath, "--json", "-c", "ping", "-c", "get login.nope"])
            #expect(r.status == 1)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "one reply per command, the locally caught error included")
            let reply = try JSONParser.parse(lines[0])
            #expect(reply["ok"] == .bool(true))
            #expect(reply["pong"] == .bool(true))
            #expect(reply["id"] != nil)
            let local = try JSONParser.parse(lines[1])
            #expect(local["ok"] == .bool(false))
            #expect(local["error"]?["code"] == .string("unknown_input"))
            #expect(r.stderr.isEmpty)
        }
    }

    @Test func runPrintsTheValueOrTheError() throws {
        try withDaemon { d in
            let ok = try Binderyctl.run(["--socket", d.socketPath, "-c", "run products.refresh",
                                         "-c", "run products.toggle 1", "-c", "get products.products"])
            #expect(ok.status == 0)
            #expect(ok.stdout.contains("products.toggle finished"))
            #expect(ok.stdout.contains(/#\s+title/), "a list prints as numbered rows under a header")
            let failing = try Binderyctl.run([
                "--socket", d.socketPath, "-c", "set api.failureRate 1", "-c", "set login.mobilePhone 13800138000",
                "-c", "set login.verifyCode 1234", "-c", "run login.login",
            ])
            #expect(failing.status == 1)
            #expect(failing.stderr.contains("Server unavailable, please retry"))
            _ = try Binderyctl.run(["--socket", d.socketPath, "-c", "set api.failureRate 0"])
        }
    }

    @Test func trailingAmpersandDoesNotWait() throws {
        try withDaemon { d in
            let r = try Binderyctl.run(["--socket", d.socketPath, "-c", "run products.refresh &"])
            #expect(r.status == 0)
            #expect(r.stdout.contains("started products.refresh"))
        }
    }

    @Test func showPrintsAlignedTables() throws {
        try withDaemon { d in
            let r = try Binderyctl.run(["--socket", d.socketPath, "-c", "show login", "-c", "log 5"])
            #expect(r.status == 0)
            for header in ["INPUT", "OUTPUT", "COMMAND", "ENABLED", "EXECUTING", "LAST VALUE", "LAST ERROR"] {
                #expect(r.stdout.contains(header))
            }
            #expect(r.stdout.contains("mobilePhone  string"))
        }
    }

    @Test func helpAndVersionNeedNoDaemon() throws {
        let help = try Binderyctl.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("exit codes:"))
        #expect(help.stdout.contains("3  binderyd is unreachable"))
        let version = try Binderyctl.run(["--version"])
        #expect(version.stdout.hasPrefix("binderyctl "))
    }
}
