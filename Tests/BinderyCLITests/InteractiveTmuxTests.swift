import BinderyCLI
import BinderyTestSupport
import Foundation
import Testing

/// binderyctl on a real terminal (a tmux pane) driven as a person would: Tab completion, a
/// set, a run whose "executing…" line is seen, an error, the daemon going away and coming
/// back, and Ctrl-D leaving cleanly with exit 0.
@Suite(.ownThreads, .serialized, .enabled(if: ExternalTool.tmux.isInstalled, Comment(rawValue: ExternalTool.tmux.missingReason)), .timeLimit(.minutes(2)))
struct InteractiveTmuxTests {
    /// A detached session running one command, on its own tmux server; its pane is read
    /// with capture-pane.
    struct Pane {
        let name = "bctl"
        let tmux: PrivateTmuxServer

        init(command: String, columns: Int = 160, rows: Int = 50) throws {
            tmux = try PrivateTmuxServer()
            try tmux.run(["new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows), command])
        }

        func type(_ text: String) throws { try tmux.run(["send-keys", "-t", name, "-l", text]) }
        func press(_ key: String) throws { try tmux.run(["send-keys", "-t", name, key]) }
        func screen() throws -> String { try tmux.run(["capture-pane", "-p", "-t", name, "-S", "-200"]) }

        /// Polls the pane until `text` shows (up to a generous bound for a loaded machine);
        /// returns the screen either way so the expectation can show it.
        @discardableResult
        func waitFor(_ text: String, after count: Int = 0) throws -> String {
            var screen = ""
            for _ in 0..<400 {
                screen = try self.screen()
                if screen.components(separatedBy: text).count - 1 > count { return screen }
                usleep(25_000)
            }
            return screen
        }

        func close() { tmux.stop() }
    }

    /// The bash completion (completion/binderyctl.bash) in a real interactive bash: a -c
    /// command line completes like the REPL's Tab, with names from the running daemon, and the
    /// quote stays open while the command needs more.
    @Test func bashCompletesACommandLineLikeTab() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("completion/binderyctl.bash").path
        let binaries = URL(fileURLWithPath: Binderyctl.path).deletingLastPathComponent().path
        let pane = try Pane(command: "env -i TERM=xterm HOME=/nonexistent NO_COLOR=1 PATH=\(binaries):/usr/bin:/bin"
            + " BINDERY_SOCKET=\(daemon.socketPath) bash --norc --noprofile -i")
        defer { pane.close() }
        try pane.type("source \(script); PS1='$ '")
        try pane.press("Enter")
        #expect(try pane.waitFor("$ ").contains("$ "))

        try pane.type("binderyctl -c se")
        try pane.press("Tab")
        #expect(try pane.waitFor("binderyctl -c 'set").contains("binderyctl -c 'set"), "the quote is opened")
        try pane.type("login.mo")
        try pane.press("Tab")
        let completed = try pane.waitFor("'set login.mobilePhone")
        #expect(completed.contains("'set login.mobilePhone"), "\(completed)")
        try pane.type("13800138000' -c 'run pro")
        try pane.press("Tab")
        #expect(try pane.waitFor("-c 'run products.").contains("-c 'run products."), "a view model keeps the quote open")
        try pane.type("ref")
        try pane.press("Tab")
        // capture-pane drops trailing blanks, so the space after the closing quote is not seen.
        let line = try pane.waitFor("'run products.refresh'")
        #expect(line.contains("binderyctl -c 'set login.mobilePhone 13800138000' -c 'run products.refresh'"), "\(line)")
        try pane.type(" -c 'get login.mobilePhone'")
        try pane.press("Enter")
        let ran = try pane.waitFor("\"13800138000\"", after: 1)
        #expect(ran.contains("products.refresh finished") && ran.contains("login.mobilePhone = \"13800138000\""), "\(ran)")
    }

    @Test func personDrivesTheReplInTmux() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("bctl-state-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: state) }
        let command = "env NO_COLOR=1 TERM=xterm XDG_STATE_HOME=\(state.path) \(Binderyctl.path) --socket \(daemon.socketPath);"
            + " echo \"binderyctl exited $?\""
        let pane = try Pane(command: command)
        defer { pane.close() }

        #expect(try pane.waitFor("bindery>").contains("bindery>"))

        // Tab completes the view model, then the input.
        try pane.type("set log")
        try pane.press("Tab")
        #expect(try pane.waitFor("set login.").contains("set login."))
        try pane.type("mobileP")
        try pane.press("Tab")
        #expect(try pane.waitFor("set login.mobilePhone").contains("set login.mobilePhone"))
        try pane.type("13800138000")
        try pane.press("Enter")
        #expect(try pane.waitFor("login.mobilePhone = \"13800138000\"").contains("login.mobilePhone = \"13800138000\""))

        try pane.type("set login.verifyCode 1234")
        try pane.press("Enter")
        #expect(try pane.waitFor("login.verifyCode = \"1234\"").contains("login.verifyCode = \"1234\""))

        // A run shows its live executing line, then how it ended.
        try pane.type("run login.login")
        try pane.press("Enter")
        #expect(try pane.waitFor("executing login.login…").contains("executing login.login…"))
        #expect(try pane.waitFor("login.login finished").contains("login.login finished"))

        // An error a person can act on.
        try pane.type("set login.mobilPhone 1")
        try pane.press("Enter")
        #expect(try pane.waitFor("did you mean 'mobilePhone'?").contains("unknown input 'mobilPhone' in login — did you mean 'mobilePhone'?"))

        // Ctrl-D leaves cleanly.
        try pane.press("C-d")
        #expect(try pane.waitFor("binderyctl exited").contains("binderyctl exited 0"))

        let history = try String(contentsOf: state.appendingPathComponent("bindery/history"), encoding: .utf8)
        #expect(history.contains("set login.verifyCode 1234"))
    }

    /// On an 80-column terminal the banner does not wrap, and the small mistakes a newcomer
    /// makes are answered in plain words.
    @Test func anEightyColumnTerminalReadsRight() throws {
        let daemon = try TestDaemon.start()
        defer { daemon.stop() }
        let command = "env NO_COLOR=1 TERM=xterm XDG_STATE_HOME=/nonexistent-bctl \(Binderyctl.path) --socket \(daemon.socketPath)"
        let pane = try Pane(command: command, columns: 80, rows: 30)
        defer { pane.close() }
        let screen = try pane.waitFor("bindery>")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for expected in Banner.lines(socketPath: daemon.socketPath) {
            #expect(lines.contains(expected), "the banner line \"\(expected)\" is wrapped or missing:\n\(screen)")
        }
        try pane.type("set login")
        try pane.press("Enter")
        #expect(try pane.waitFor("is a view model").contains("error: login is a view model; set takes VM.INPUT VALUE, e.g. login.mobilePhone"))
        try pane.type("run login.mobilePhone")
        try pane.press("Enter")
        #expect(try pane.waitFor("is not a command").contains("error: 'mobilePhone' in login is not a command"))
        try pane.press("C-d")
    }

    /// The daemon is the test's own: it is stopped and started again on the same socket.
    @Test func watchPrintsAboveThePromptAndTheSessionSurvivesTheDaemonLeaving() throws {
        let daemon = try TestDaemon.startOwn()
        let path = daemon.socketPath
        let command = "env NO_COLOR=1 TERM=xterm XDG_STATE_HOME=/nonexistent-bctl \(Binderyctl.path) --socket \(path);"
            + " echo \"binderyctl exited $?\""
        let pane = try Pane(command: command)
        defer { pane.close() }
        #expect(try pane.waitFor("bindery>").contains("bindery>"))

        try pane.type("watch compass")
        try pane.press("Enter")
        #expect(try pane.waitFor("watching view model compass").contains("watching view model compass"))
        // A second client changes the state; the event shows while the prompt stays usable.
        _ = try Binderyctl.run(["--socket", path, "-c", "set compass.valueA 西"])
        let screen = try pane.waitFor("compass.valueB [input] = \"東\"")
        #expect(screen.contains("compass.valueB [input] = \"東\""))
        try pane.press("C-c")
        #expect(try pane.waitFor("stopped watching").contains("stopped watching"))

        daemon.stop()
        #expect(try pane.waitFor("binderyd went away").contains("binderyd went away"))
        let back = try TestDaemon.startOwn(in: daemon.ownDirectory)
        defer { back.stop() }
        #expect(try pane.waitFor("reconnected to binderyd").contains("reconnected to binderyd"))
        try pane.type("ping")
        try pane.press("Enter")
        #expect(try pane.waitFor("pong from binderyd").contains("pong from binderyd"))
        try pane.press("C-d")
        #expect(try pane.waitFor("binderyctl exited").contains("binderyctl exited 0"))
    }
}
