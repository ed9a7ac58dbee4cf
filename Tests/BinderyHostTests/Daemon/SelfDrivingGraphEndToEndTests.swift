import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// A search screen as a newcomer writes it, hosted by a real DaemonMain program (bindery-graph-search-daemon):
/// its `derive(\.search, from: \.query, \.sort)` is a true declaration, so the daemon starts,
/// and `/api/surface` shows what the code composes through `debounce` and `<~`: the query
/// starts the search.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct SelfDrivingGraphEndToEndTests {
    @Test func aDebouncedSearchStartsAndItsSurfaceShowsQueryStartingSearch() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(program: "bindery-graph-search-daemon", directory: directory.path("d"), latencyFlag: false)
        let surface = try JSONParser.parse(daemon.http().get("/api/surface").body)
        let commands = surface["viewModels"]?["search"]?["commands"]?.arrayValue ?? []
        let names = { (command: JSONValue, key: String) in command[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        let search = try #require(commands.first { $0["name"]?.stringValue == "search" })
        #expect(names(search, "startedBy") == ["query"], "read from the code, through debounce and map")
        #expect(names(search, "enabledDerivesFrom") == ["sort"], "declared: what its work reads")
        let outputs = surface["viewModels"]?["search"]?["outputs"]?.arrayValue ?? []
        let summary = try #require(outputs.first { $0["name"]?.stringValue == "summary" })
        #expect(names(summary, "derivesFrom") == ["results", "query"])
        #expect(daemon.stop() == 0)
    }
}
