import BinderyHTTP
import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// The HTTP endpoint of the real binderyd (docs/HTTP.md).
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct DaemonHTTPTests {
    @Test func stateHasETagAndSharedCachingAndAnswers304() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let http = try daemon.http()
        let state = try http.get("/api/state")
        #expect(state.status == 200)
        #expect(state.header("Content-Type") == "application/json")
        // Shared caches (a proxy) may coalesce for a second; browsers revalidate every time.
        #expect(state.header("Cache-Control") == "public, max-age=0, s-maxage=1")
        #expect(state.header("Content-Security-Policy") == SecurityHeaders.contentSecurityPolicy)
        #expect(state.header("X-Content-Type-Options") == "nosniff")
        #expect(state.header("Referrer-Policy") == "no-referrer")
        let json = try JSONParser.parse(state.body)
        let version = try #require(json["version"]?.intValue)
        #expect(state.header("ETag") == "\"\(version)\"")
        #expect(json["viewModels"]?["api"]?["inputs"]?["latencyMs"] == .int(0))

        let notModified = try http.get("/api/state", headers: ["If-None-Match: \"\(version)\""])
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)
        #expect(notModified.header("ETag") == "\"\(version)\"")
        #expect(notModified.header("Cache-Control") == "public, max-age=0, s-maxage=1")

        let stale = try http.get("/api/state", headers: ["If-None-Match: \"\(version + 100)\""])
        #expect(stale.status == 200)
        #expect(daemon.stop() == 0)
    }

    @Test func longPollWakesAfterASet() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let http = try daemon.http()
        let version = try #require(try JSONParser.parse(try http.get("/api/state").body)["version"]?.intValue)

        // wait=60 is far beyond the client's 10 s safety read timeout: the response can only
        // arrive in time because the set wakes the poll.
        try http.send("GET /api/state?since=\(version)&wait=60 HTTP/1.1\r\nHost: \(http.hostHeader)\r\n\r\n")
        let client = try daemon.control()
        let set = try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":11}"#)
        #expect(set.isOK)
        let woken = try http.readResponse()
        #expect(woken.status == 200)
        let json = try JSONParser.parse(woken.body)
        #expect((json["version"]?.intValue ?? 0) > version)
        #expect(json["viewModels"]?["api"]?["inputs"]?["latencyMs"] == .int(11))

        // A poll for a version already passed answers at once.
        let immediate = try http.get("/api/state?since=0&wait=60")
        #expect(immediate.status == 200)
        // A poll that times out answers with the current state (304 when the client has it).
        let current = try #require(try JSONParser.parse(immediate.body)["version"]?.intValue)
        let timedOut = try http.get("/api/state?since=\(current)&wait=1", headers: ["If-None-Match: \"\(current)\""])
        #expect(timedOut.status == 304)
        #expect(try http.get("/api/state?since=x").status == 400)
        #expect(try http.get("/api/state?since=1&wait=-1").status == 400)
        #expect(daemon.stop() == 0)
    }

    @Test func changeFeedSendsOnlyTheChangeAndATimedOutPollIs304() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let http = try daemon.http()
        let first = try http.get("/api/changes")
        #expect(first.status == 200)
        let reset = try JSONParser.parse(first.body)
        let version = try #require(reset["version"]?.intValue)
        #expect(first.header("ETag") == "\"\(version)\"")
        #expect(reset["reset"]?["viewModels"]?["api"]?["inputs"]?["latencyMs"] == .int(0))

        // Nothing changed: a poll that times out says so with 304.
        let timedOut = try http.get("/api/changes?since=\(version)&wait=1")
        #expect(timedOut.status == 304)
        #expect(timedOut.body.isEmpty)
        #expect(timedOut.header("Cache-Control") == "public, max-age=0, s-maxage=1")

        try http.send("GET /api/changes?since=\(version)&wait=60 HTTP/1.1\r\nHost: \(http.hostHeader)\r\n\r\n")
        #expect(try daemon.control().request(#"{"op":"set","vm":"api","name":"latencyMs","value":11}"#).isOK)
        let woken = try http.readResponse()
        #expect(woken.status == 200)
        let changes = try JSONParser.parse(woken.body)
        #expect((changes["version"]?.intValue ?? 0) > version)
        #expect(changes["reset"] == nil)
        let entries = changes["changes"]?.arrayValue ?? []
        #expect(entries.contains { $0["vm"] == .string("api") && $0["part"] == .string("input")
            && $0["name"] == .string("latencyMs") && $0["value"] == .int(11) })
        #expect(woken.body.count < 2_048)
        #expect(woken.header("Cache-Control") == "public, max-age=0, s-maxage=1")

        // A cursor from the future (or another run) gets the whole state.
        #expect(try JSONParser.parse(try http.get("/api/changes?since=\(version + 1_000_000_000)").body)["reset"] != nil)
        #expect(try http.get("/api/changes?since=x").status == 400)
        #expect(try http.get("/api/changes?since=1&wait=nan").status == 400)
        #expect(daemon.stop() == 0)
    }

    @Test func stateAndResetsAreGzippedForClientsThatAcceptIt() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let http = try daemon.http()
        let plain = try http.get("/api/state")
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.header("Vary") == "Accept-Encoding")
        for path in ["/api/state", "/api/changes"] {
            let zipped = try http.get(path, headers: ["Accept-Encoding: deflate, gzip;q=0.8"])
            #expect(zipped.status == 200)
            #expect(zipped.header("Content-Encoding") == "gzip")
            #expect(zipped.header("Vary") == "Accept-Encoding")
            #expect(zipped.header("ETag")?.hasPrefix("W/\"") == true)
            let unzipped = try Self.gunzip(zipped.body)
            #expect(unzipped.count > zipped.body.count)
            let json = try JSONParser.parse(unzipped)
            #expect((path == "/api/state" ? json : json["reset"])?["viewModels"]?["api"] != nil)
        }
        #expect(try http.get("/api/state", headers: ["Accept-Encoding: gzip;q=0"]).header("Content-Encoding") == nil)
        #expect(daemon.stop() == 0)
    }

    /// The event log (a megabyte at 10,000 events) is compressed like the state.
    /// The event log, the history and the dashboard's page (the state inline) are the largest
    /// answers besides the state: each is compressed when asked.
    @Test(arguments: ["/api/events", "/api/history", "/"])
    func largeAnswersAreGzippedForClientsThatAcceptIt(path: String) throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        for round in 0..<20 {
            #expect(try client.request(#"{"op":"set","vm":"compass","name":"valueA","value":"v\#(round)"}"#).isOK)
        }
        let http = try daemon.http()
        let plain = try http.get(path)
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.header("Vary") == "Accept-Encoding")
        let zipped = try http.get(path, headers: ["Accept-Encoding: gzip"])
        #expect(zipped.header("Content-Encoding") == "gzip")
        #expect(zipped.header("Vary") == "Accept-Encoding")
        #expect(zipped.body.count < plain.body.count)
        if path == "/" {
            // The page is built per request: only the version inside it may differ.
            #expect(try Self.gunzip(zipped.body).count > plain.body.count / 2)
        } else {
            #expect(try Self.gunzip(zipped.body) == plain.body)
        }
        #expect(daemon.stop() == 0)
    }

    /// Decompresses with the system's gzip, an implementation independent of the daemon's.
    private static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    @Test func surfaceEventsMetricsHealthAndStaticFiles() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let http = try daemon.http()
        #expect(try daemon.control().request(#"{"op":"set","vm":"api","name":"latencyMs","value":5}"#).isOK)

        let surface = try JSONParser.parse(try http.get("/api/surface").body)
        #expect(surface["viewModels"]?["api"]?["inputs"]?.arrayValue?.isEmpty == false)
        // A list of items carries its columns, so the dashboard lays out any list without
        // knowing the view model.
        let products = surface["viewModels"]?["products"]?["outputs"]?.arrayValue?.first { $0["name"] == .string("products") }
        let columns = products?["items"]?.arrayValue ?? []
        #expect(columns.map { $0["name"] } == [.string("color"), .string("title"), .string("isSelected")])
        #expect(columns.map { $0["label"] } == [.string("Colour"), .string("Title"), .string("Selected")])
        let count = surface["viewModels"]?["products"]?["outputs"]?.arrayValue?.first { $0["name"] == .string("pageIndex") }
        #expect(count != nil && count?["items"] == nil)

        let events = try JSONParser.parse(try http.get("/api/events?since=0").body)
        let list = events["events"]?.arrayValue ?? []
        #expect(list.contains { $0["kind"] == .string("set") && $0["value"] == .int(5) })
        let latest = try #require(events["version"]?.intValue)
        let none = try JSONParser.parse(try http.get("/api/events?since=\(latest)").body)
        #expect(none["events"]?.arrayValue?.isEmpty == true)

        let metrics = try http.get("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        #expect(metrics.text.contains("bindery_inputs_set_total 1"))
        #expect(metrics.text.contains("bindery_state_version "))
        #expect(metrics.text.contains("bindery_control_clients "))
        #expect(metrics.text.contains("bindery_http_requests_total{status=\"200\"}"))
        // Numeric inputs and outputs as gauges, so Prometheus and Grafana can chart them;
        // strings, booleans and lists are not numbers.
        #expect(metrics.text.contains("# TYPE bindery_value gauge\n"))
        #expect(metrics.text.contains("bindery_value{vm=\"api\",part=\"input\",name=\"failureRate\"} "))
        #expect(metrics.text.contains("bindery_value{vm=\"api\",part=\"output\",name=\"requests\"} "))
        #expect(!metrics.text.contains("name=\"mobilePhone\"") && !metrics.text.contains("name=\"products\"}"))

        let health = try http.get("/healthz")
        #expect(health.status == 200 && health.text == "ok\n")

        let index = try http.get("/")
        #expect(index.status == 200)
        #expect(index.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(try http.request("HEAD", "/api/state").status == 200)
        #expect(daemon.stop() == 0)
    }

    @Test func otherMethodsUnknownPathsAndTraversalAreRefused() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            let http = try daemon.http()
            try http.send("\(method) /api/state HTTP/1.1\r\nHost: \(http.hostHeader)\r\nContent-Length: 0\r\n\r\n")
            let response = try http.readResponse()
            #expect(response.status == 405, "\(method)")
            #expect(response.header("Allow") == "GET, HEAD")
            #expect(response.header("Content-Security-Policy") == SecurityHeaders.contentSecurityPolicy)
        }
        let http = try daemon.http()
        #expect(try http.get("/api/nope").status == 404)
        #expect(try http.get("/no-such-file.html").status == 404)
        for target in ["/../Package.swift", "/%2e%2e/Package.swift", "/..%2fPackage.swift", "/../../../../etc/passwd",
                       "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/./../web/../Package.swift", "/.git/config"] {
            let connection = try daemon.http()
            try connection.send("GET \(target) HTTP/1.1\r\nHost: \(connection.hostHeader)\r\n\r\n")
            let response = try connection.readResponse()
            #expect([400, 404].contains(response.status), "\(target)")
            #expect(!response.text.contains("root:"))
            #expect(!response.text.contains("PackageDescription"))
        }
        let backslash = try daemon.http()
        try backslash.send("GET /..\\..\\Package.swift HTTP/1.1\r\nHost: \(backslash.hostHeader)\r\n\r\n")
        #expect(try backslash.readResponse().status == 400)
        #expect(daemon.stop() == 0)
    }
}
