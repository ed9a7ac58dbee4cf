@testable import BinderyCLI
import BinderyJSON
import BinderyProtocol
import BinderyTestSupport
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct InvocationTests {
    @Test func flagsParse() throws {
        let i = try Invocation.parse(["--socket", "/tmp/s", "-c", "ping", "-cls", "--json", "--keep-going"])
        #expect(i.socketPath == "/tmp/s" && i.commands == ["ping", "ls"] && i.json && i.keepGoing)
        #expect(throws: Invocation.UsageError.self) { try Invocation.parse(["-c"]) }
        #expect(throws: Invocation.UsageError.self) { try Invocation.parse(["ping"]) }
        #expect(try Invocation.parse(["-f", "s.bdy"]).scriptFile == "s.bdy")
        #expect(try Invocation.parse(["--check", "README.md"]).checkFile == "README.md")
        #expect(throws: Invocation.UsageError.self) { try Invocation.parse(["-f", "s.bdy", "-c", "ping"]) }
        #expect(throws: Invocation.UsageError.self) { try Invocation.parse(["--check", "t", "-f", "s"]) }
    }

    /// `--socket`, then `$BINDERY_SOCKET` (both taken as given), then the first of the checkout's
    /// and the service's socket that answers; when none does, every place tried is reported.
    @Test func socketSearchOrder() {
        var probed: [String] = []
        func probe(answering: Set<String>) -> (String) -> String? {
            { path in probed.append(path); return answering.contains(path) ? nil : "No such file or directory" }
        }
        let both: Set = [SocketLocator.checkoutPath, SocketLocator.servicePath]
        #expect(SocketLocator.locate(explicit: "/a.sock", environment: ["BINDERY_SOCKET": "/x.sock"], probe: probe(answering: both))
            == .path("/a.sock"))
        #expect(SocketLocator.locate(explicit: nil, environment: ["BINDERY_SOCKET": "/x.sock"], probe: probe(answering: both))
            == .path("/x.sock"))
        #expect(probed.isEmpty, "an explicit socket is never second-guessed")
        #expect(SocketLocator.locate(explicit: nil, environment: ["BINDERY_SOCKET": ""], probe: probe(answering: both))
            == .path("./.bindery/control.sock"))
        #expect(SocketLocator.locate(explicit: nil, environment: [:], probe: probe(answering: [SocketLocator.servicePath]))
            == .path("/run/bindery/control.sock"))
        guard case let .unreachable(attempts) = SocketLocator.locate(explicit: nil, environment: [:], probe: probe(answering: []))
        else { Issue.record("found a socket where none answers"); return }
        #expect(attempts.map(\.path) == ["./.bindery/control.sock", "/run/bindery/control.sock"])
        let message = SocketLocator.unreachableMessage(attempts, serviceInstalled: false)
        #expect(message.contains("tried ./.bindery/control.sock (No such file or directory), /run/bindery/control.sock (No such file or directory)"))
        #expect(message.contains("start it with `make run`") && message.contains("start it with `systemctl start binderyd.socket`"))
        #expect(!message.contains("\n"))
        let denied = SocketLocator.unreachableMessage([.init(path: SocketLocator.servicePath, reason: "Permission denied")])
        #expect(denied.contains("/run/bindery/control.sock (Permission denied)") && denied.contains("sudo binderyctl"))
    }

    /// On a packaged host (the service's units installed) an ordinary user is pointed at the
    /// service, not at `make run` in a checkout that is not there.
    @Test func onAPackagedHostTheHintIsTheServiceNotACheckout() {
        let attempts: [SocketLocator.Attempt] = [
            .init(path: SocketLocator.checkoutPath, reason: "No such file or directory"),
            .init(path: SocketLocator.servicePath, reason: "Permission denied"),
        ]
        let packaged = SocketLocator.unreachableMessage(attempts, serviceInstalled: true)
        #expect(!packaged.contains("make run"), "\(packaged)")
        #expect(packaged.contains("sudo binderyctl") && packaged.contains("tried ./.bindery/control.sock"), "\(packaged)")
        let stopped = SocketLocator.unreachableMessage([attempts[0], .init(path: SocketLocator.servicePath, reason: "No such file or directory")],
                                                       serviceInstalled: true)
        #expect(!stopped.contains("make run") && stopped.contains("systemctl start binderyd.socket"), "\(stopped)")
        // A checkout's socket that exists but refuses still gets its advice.
        let checkout = SocketLocator.unreachableMessage([.init(path: SocketLocator.checkoutPath, reason: "Connection refused")] + attempts.dropFirst(),
                                                        serviceInstalled: true)
        #expect(checkout.contains("make run"), "\(checkout)")
    }

    @Test func unreachableHintFitsThePath() {
        #expect(ConnectionError.cannotConnect(path: "/run/bindery/control.sock", reason: "x").description
            .contains("`systemctl start binderyd.socket`"))
        #expect(ConnectionError.cannotConnect(path: ".bindery/control.sock", reason: "x").description.contains("`make run`"))
        #expect(ConnectionError.cannotConnect(path: "/srv/b.sock", reason: "x").description.contains("`binderyd --socket /srv/b.sock`"))
        #expect(ConnectionError.cannotConnect(path: "/run/bindery/control.sock", reason: "Permission denied").description
            == "cannot connect to /run/bindery/control.sock: Permission denied; run binderyctl as the socket's owner (for the service: sudo binderyctl)")
    }

    @Test func completeFlagTakesTheLine() throws {
        #expect(try Invocation.parse(["--complete", "set login.mo"]).completionLine == "set login.mo")
        #expect(throws: Invocation.UsageError.self) { try Invocation.parse(["--complete"]) }
    }
}
