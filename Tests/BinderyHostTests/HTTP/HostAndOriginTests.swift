import BinderyHost
import BinderyTestSupport
import Testing

/// DNS rebinding and cross-origin reads against the real binderyd: only a `Host` naming the
/// daemon is answered (421 otherwise), and the API refuses requests a browser makes for a
/// page of another origin (403), with no CORS header anywhere.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct HostAndOriginTests {
    @Test func aRebindingHostIsRefusedWith421() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        for path in ["/api/state", "/api/events", "/api/changes", "/api/surface", "/metrics", "/", "/index.html"] {
            for host in ["evil.example", "evil.example:\(daemon.port)", "localhost", "localhost:1", "127.0.0.1:\(daemon.port &+ 1)",
                         "127.0.0.1.evil.example:\(daemon.port)", "", "user@127.0.0.1:\(daemon.port)", "localhost:\(daemon.port)x"] {
                let response = try daemon.http().get(path, headers: ["Host: \(host)"])
                #expect(response.status == 421, "\(path) with Host '\(host)'")
                #expect(!response.text.contains("viewModels"))
                #expect(!response.text.contains("password"))
            }
        }
        #expect(daemon.stop() == 0)
    }

    @Test func namesOfThisDaemonAreAnswered() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--http-allow-host", "Dash.Example"])
        let port = daemon.port
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "localhost.:\(port)", "[::1]:\(port)",
                     "127.0.0.2:\(port)", "dash.example", "dash.example:443", "DASH.EXAMPLE:\(port)"] {
            let response = try daemon.http().get("/api/state", headers: ["Host: \(host)"])
            #expect(response.status == 200, "Host '\(host)'")
        }
        // Another name is still refused, with or without the allowed one configured.
        #expect(try daemon.http().get("/api/state", headers: ["Host: evil.example"]).status == 421)
        #expect(try daemon.http().get("/api/state", headers: ["Host: sub.dash.example"]).status == 421)
        #expect(daemon.stop() == 0)
    }

    @Test func crossOriginReadsOfTheAPIAreRefused() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let own = "http://127.0.0.1:\(daemon.port)"
        let refused: [[String]] = [
            ["Origin: http://evil.example"], ["Origin: null"], ["Origin: http://localhost:\(daemon.port)"],
            ["Sec-Fetch-Site: cross-site"], ["Sec-Fetch-Site: same-site"],
            ["Sec-Fetch-Site: same-origin", "Origin: http://evil.example"],
        ]
        for path in ["/api/state", "/api/events", "/api/changes?since=0", "/api/surface", "/metrics"] {
            for headers in refused {
                let response = try daemon.http().get(path, headers: headers)
                #expect(response.status == 403, "\(path) with \(headers)")
                #expect(response.header("Access-Control-Allow-Origin") == nil)
                #expect(!response.text.contains("viewModels"))
            }
            for headers in [[], ["Sec-Fetch-Site: same-origin"], ["Sec-Fetch-Site: none"], ["Origin: \(own)"],
                            ["Origin: https://127.0.0.1:\(daemon.port)", "Sec-Fetch-Site: same-origin"]] {
                let response = try daemon.http().get(path, headers: headers)
                #expect(response.status == 200, "\(path) with \(headers)")
                #expect(response.header("Access-Control-Allow-Origin") == nil)
            }
        }
        // The dashboard's own files are no secret: another page may load them.
        #expect(try daemon.http().get("/", headers: ["Sec-Fetch-Site: cross-site"]).status == 200)
        #expect(try daemon.http().get("/healthz", headers: ["Origin: http://evil.example"]).status == 200)
        #expect(daemon.stop() == 0)
    }

    @Test(arguments: ["name:80", "", "a/b", "[::1]:80", "x y"])
    func aBadAllowedHostIsAUsageError(name: String) {
        #expect(throws: UsageError.self) {
            try DaemonOptions.parse(["--http-allow-host", name], environment: [:])
        }
    }

    @Test func allowedHostsAccumulate() throws {
        let request = try DaemonOptions.parse(["--http-allow-host", "a.example", "--http-allow-host=B.example."], environment: [:])
        guard case let .run(configuration) = request else { Issue.record("not a run: \(request)"); return }
        #expect(configuration.httpAllowedHosts == ["a.example", "b.example"])
    }
}
