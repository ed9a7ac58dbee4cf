import BinderyTestSupport
import Testing

/// `get` and `run` are one request each (docs/PROTOCOL.md): the daemon checks the names, and
/// binderyctl asks for a surface (`describe`) only to word a refusal or to parse a command's
/// argument by its type. The test's own daemon sits behind a ``ControlRelay`` that shows what
/// binderyctl sends.
@Suite(.ownThreads, .timeLimit(.minutes(1))) struct RoundTripTests {
    @Test func getAndRunWithoutAnArgumentSendNoDescribe() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let relay = try ControlRelay(path: daemon.socketPath + ".relay", daemonSocket: daemon.socketPath)
        defer { relay.stop() }
        let r = try Binderyctl.run(["--socket", relay.path, "-c", "set api.latencyMs 0", "-c", "get api.latencyMs",
                                    "-c", "run products.refresh", "-c", "get products.pageIndex"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("0\n"), "\(r.stdout)")
        #expect(relay.ops == ["set", "get", "run", "get"])
    }

    @Test func showIsOneRequestInBothForms() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let relay = try ControlRelay(path: daemon.socketPath + ".relay", daemonSocket: daemon.socketPath)
        defer { relay.stop() }
        let table = try Binderyctl.run(["--socket", relay.path, "-c", "show api"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("int (between 0 and 60000)"), "the surface's types head the table: \(table.stdout)")
        let json = try Binderyctl.run(["--socket", relay.path, "--json", "-c", "show api"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains(#""state":{"inputs":"#) && json.stdout.contains(#""surface":{"#), "\(json.stdout)")
        #expect(relay.ops == ["get", "get"])
        let unknown = try Binderyctl.run(["--socket", relay.path, "-c", "show nope"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("unknown view model 'nope'"), "\(unknown.stderr)")
    }

    @Test func aRefusedNameIsStillWordedWithItsDidYouMean() throws {
        let daemon = try TestDaemon.startOwn()
        defer { daemon.stop() }
        let relay = try ControlRelay(path: daemon.socketPath + ".relay", daemonSocket: daemon.socketPath)
        defer { relay.stop() }
        let get = try Binderyctl.run(["--socket", relay.path, "-c", "get login.mobilPhone"])
        #expect(get.status == 1)
        #expect(get.stderr.contains("unknown name 'mobilPhone' in login") && get.stderr.contains("did you mean 'mobilePhone'"), "\(get.stderr)")
        let input = try Binderyctl.run(["--socket", relay.path, "-c", "run login.mobilePhone"])
        #expect(input.status == 1)
        #expect(input.stderr.contains("'mobilePhone' in login is not a command"), "\(input.stderr)")
        let missing = try Binderyctl.run(["--socket", relay.path, "-c", "run products.toggle"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("products.toggle needs an argument: index (int)"), "\(missing.stderr)")
        // The describe came after the refusal, never before a request.
        #expect(relay.ops.first == "get")
    }
}
