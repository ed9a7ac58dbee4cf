import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// Issue 31: a view model that drives itself (Examples/Search: a debounced query bound to its
/// search command), hosted by `DaemonMain.run` in the real daemon. Runs a binding starts are
/// runs — counted, with their last value and error, logged with what started them — and a
/// restart (SIGTERM, kill -9) shows what was shown before and runs nothing.
@Suite(.ownThreads, .serialized) struct SelfDrivenRunsTests {
    private func start(_ directory: TemporaryDirectory) throws -> DaemonProcess {
        try DaemonProcess(program: "bindery-search-daemon", directory: directory.path("d"), latencyFlag: false, logLevel: "warning")
    }

    private func document(_ daemon: DaemonProcess, since version: Int? = nil) throws -> JSONValue {
        try JSONParser.parse(daemon.http().get("/api/state" + (version.map { "?since=\($0)&wait=2" } ?? "")).text)
    }

    /// The search view model's state once `done` holds for it, following versions with
    /// long-polls (each bounded by 2 s, at most 20 of them).
    private func search(_ daemon: DaemonProcess, once what: String, _ done: (JSONValue) -> Bool) throws -> JSONValue {
        var version: Int?
        for _ in 0..<20 {
            let doc = try document(daemon, since: version)
            if let search = doc["viewModels"]?["search"], done(search) { return search }
            version = doc["version"]?.intValue
        }
        throw DaemonTestError(description: "search never reached: \(what)")
    }

    private func events(_ daemon: DaemonProcess) throws -> [JSONValue] {
        try JSONParser.parse(daemon.http().get("/api/events").text)["events"]?.arrayValue ?? []
    }

    private func set(_ client: ControlClient, _ name: String, _ value: String) throws {
        let reply = try client.request(#"{"op":"set","vm":"search","name":"\#(name)","value":"\#(value)"}"#)
        #expect(reply.isOK, "\(reply)")
    }

    @Test(.timeLimit(.minutes(2)))
    func runsABindingStartsAreRunsAndARestartRunsNothing() throws {
        let directory = try TemporaryDirectory()
        var daemon = try start(directory)
        let client = try daemon.control()

        // The surface as written: the view model's own state is shown, not settable.
        let surface = try JSONParser.parse(daemon.http().get("/api/surface").text)["viewModels"]?["search"]
        #expect(surface?["inputs"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["query", "sort"])
        #expect(surface?["inputs"]?.arrayValue?.last?["typeName"] == .string("SortOrder: relevance | newest | title"))
        #expect(surface?["outputs"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["results", "page", "hasMore", "lastLoadedAt"])
        #expect(surface?["outputs"]?.arrayValue?.first?["items"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["title", "year", "addedAt"])

        // "boom" fails, then a matching text succeeds: two runs the binding started.
        try set(client, "query", "boom")
        let failed = try search(daemon, once: "the 'boom' search failed") { $0["commands"]?["search"]?["runs"]?.intValue == 1 && $0["commands"]?["search"]?["executing"] == .bool(false) }
        #expect(failed["commands"]?["search"]?["lastError"]?["message"] == .string("backend said 503 for 'boom'"))
        try set(client, "query", "swift")
        let found = try search(daemon, once: "the 'swift' search finished") { $0["commands"]?["search"]?["runs"]?.intValue == 2 && $0["commands"]?["search"]?["executing"] == .bool(false) }
        #expect(found["commands"]?["search"]?["lastError"] == .null, "a later success clears the failure")
        #expect(found["commands"]?["search"]?["lastValue"]?.intValue == 20)
        #expect(found["outputs"]?["results"]?.arrayValue?.count == 20)

        let runEvents = try events(daemon).filter { $0["vm"] == .string("search") && $0["name"] == .string("search") }
        #expect(runEvents.compactMap { $0["kind"]?.stringValue } == ["start", "fail", "start", "finish"])
        #expect(runEvents.allSatisfy { $0["by"] == .string("binding") && $0["via"] == .string("set search.query") }, "\(runEvents)")

        // The client pages on to 60 rows on page 2.
        for _ in 0..<2 {
            let reply = try client.request(#"{"op":"run","vm":"search","name":"loadMore"}"#)
            #expect(reply.isOK, "\(reply)")
        }
        let shown = try search(daemon, once: "two pages loaded") { $0["outputs"]?["page"]?.intValue == 2 }
        #expect(shown["outputs"]?["results"]?.arrayValue?.count == 60)
        #expect(shown["outputs"]?["lastLoadedAt"]?.stringValue != nil)
        var logged = try events(daemon)

        for (how, signal) in [("SIGTERM", SIGTERM), ("kill -9", SIGKILL)] {
            daemon.stop(signal: signal)
            daemon = try start(directory)
            let first = try document(daemon)
            let restored = first["viewModels"]?["search"]
            #expect(restored == shown, "\(how): the first version shows what was shown before:\n\(shown.serialized)\n\(restored?.serialized ?? "nothing")")
            // Nothing runs: no version follows within the debounce's 0.3 s (the long-poll waits 2 s).
            let later = try document(daemon, since: first["version"]?.intValue)
            #expect(later["version"] == first["version"], "\(how): a version followed the restart: \(later.serialized)")
            let relogged = try events(daemon)
            #expect(Array(relogged.dropLast()) == logged, "\(how): every event from before, then the restart alone")
            #expect(relogged.last?["kind"] == .string("restart"), "\(how): \(relogged.last?.serialized ?? "no event")")
            logged = relogged
        }
        daemon.stop()
    }
}
