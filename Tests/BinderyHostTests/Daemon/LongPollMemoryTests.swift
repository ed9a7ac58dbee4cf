import BinderyJSON
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// Memory after a burst of long-polls (issue 32, item 3): the resident size the connections
/// took is given back once they close, instead of staying at its peak.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct LongPollMemoryTests {
    @Test(.enabled(if: !underThreadSanitizer && !underAddressSanitizer, "resident memory under a sanitizer is the sanitizer's, not the daemon's"))
    func residentMemoryReturnsAfterABurstOfLongPollsCloses() throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let polls = 2_000
        try #require(limit.rlim_max > rlim_t(polls + 200), "needs \(polls + 200) open files")
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)

        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"), logLevel: "warning")
        let version = try #require(try JSONParser.parse(daemon.http().get("/api/state").body)["version"]?.intValue)
        let before = try daemon.residentBytes()
        var connections: [RawHTTPConnection] = []
        for _ in 0..<polls {
            let connection = try daemon.http()
            try connection.send("GET /api/changes?since=\(version)&wait=60 HTTP/1.1\r\nHost: \(connection.hostHeader)\r\n\r\n")
            connections.append(connection)
        }
        // One set answers every poll; read, the answers prove each was served, and the
        // connections (kept alive) still hold their memory.
        #expect(try daemon.control().request(#"{"op":"set","vm":"compass","name":"valueA","value":"wake"}"#).isOK)
        var answered = 0
        for connection in connections where (try? connection.readResponse())?.status == 200 { answered += 1 }
        #expect(answered == polls)
        let peak = try daemon.residentBytes()
        connections.removeAll()
        let grown = peak - before
        #expect(grown > 8 << 20, "the burst took only \(grown >> 20) MiB (from \(before >> 20) to \(peak >> 20))")
        // Given back within a few of the trimmer's checks.
        var now = peak
        for _ in 0..<100 where now > before + grown / 2 {
            usleep(100_000)
            now = try daemon.residentBytes()
        }
        #expect(now <= before + grown / 2, "resident \(before >> 20) MiB → \(peak >> 20) MiB with \(polls) long-polls → \(now >> 20) MiB after they closed")
        #expect(daemon.stop() == 0)
    }
}
