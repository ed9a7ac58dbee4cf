import BinderyHTTP
import BinderyJSON
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// A crash on a full disk, and restarts while it stays full (issue 32, item 1): a version, its
/// ETag and its cursor name one state, always; nothing is shown before it is durable; the
/// restart and recovery events a start shows survive the next crash.
@Suite(.ownThreads, .serialized) struct FullDiskRestartTests {
    /// Every `/api/state` body served, by ETag, across every daemon of the test.
    private final class ServedBodies {
        var byETag: [String: [UInt8]] = [:]
        var conflicts: [String] = []

        /// Reads `/api/state`: nil when the daemon refuses it (503), else the version shown.
        func read(_ daemon: DaemonProcess) throws -> Int? {
            let response = try daemon.http().get("/api/state")
            if response.status == 503 { return nil }
            #expect(response.status == 200, "\(response.status) \(response.text)")
            let etag = try #require(response.header("ETag"))
            if let earlier = byETag[etag], earlier != response.body {
                conflicts.append("ETag \(etag): \(String(decoding: earlier, as: UTF8.self)) then \(response.text)")
            }
            byETag[etag] = response.body
            return try JSONParser.parse(response.body)["version"]?.intValue
        }
    }

    /// The logged events as `version kind vm.name`, oldest first.
    private func events(_ daemon: DaemonProcess) throws -> [String] {
        let body = try daemon.http().get("/api/events").body
        return try (JSONParser.parse(body)["events"]?.arrayValue ?? []).map { event in
            let name = [event["vm"]?.stringValue, event["name"]?.stringValue].compactMap { $0 }.joined(separator: ".")
            return "\(event["version"]?.intValue ?? -1) \(event["kind"]?.stringValue ?? "?") \(name)"
        }
    }

    @Test(.enabled(if: TmpfsMount.isAvailable, "needs root to mount a small tmpfs"), .timeLimit(.minutes(3)))
    func aCrashOnAFullDiskNeverShowsAnUnsavedVersionAndKeepsEveryShownEvent() throws {
        let directory = try TemporaryDirectory()
        let mount = try TmpfsMount(at: directory.path("d/state"), size: "2m")
        let served = ServedBodies()
        func start() throws -> DaemonProcess {
            try DaemonProcess(directory: directory.path("d"), latencyFlag: false, logLevel: "warning")
        }
        var daemon = try start()
        var client = try daemon.control()
        // A run that is still executing at the crash: the restart ends it as interrupted.
        #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":60000}"#).isOK)
        #expect(try client.request(#"{"op":"run","vm":"products","name":"refresh","wait":false}"#).isOK)
        let durable = try #require(try served.read(daemon))

        let filler = mount.fill()
        _ = daemon.stop(signal: SIGKILL)
        // Three starts on the still-full disk: none may show a version it could not save.
        for round in 1...3 {
            daemon = try start()
            client = try daemon.control()
            if let shown = try served.read(daemon) {
                Issue.record("start \(round) on a full disk showed version \(shown) (durable: \(durable))")
            }
            let refused = try client.request(#"{"op":"set","vm":"signin","name":"username","value":"x"}"#)
            #expect(refused.errorCode == "unavailable", "\(refused)")
            #expect(refused.errorMessage?.contains("disk full") == true, "\(refused)")
            let get = try client.request(#"{"op":"get","vm":"products","name":"refresh"}"#)
            #expect(get.errorCode == "unavailable", "\(get)")
            #expect(try daemon.http().get("/healthz").status == 503)
            _ = daemon.stop(signal: SIGKILL)
        }

        // Space returns while the fourth start waits: its first version is saved, then shown.
        daemon = try start()
        unlink(filler)
        var shown: Int?
        for _ in 0..<100 where shown == nil {
            shown = try served.read(daemon)
            if shown == nil { usleep(100_000) }
        }
        let first = try #require(shown, "the state was never shown after space returned")
        #expect(first == durable + 1, "durable \(durable), first shown \(first)")
        let log = try events(daemon)
        // The restart first, then the run it cut short, with the time it ran.
        let restart = try #require(log.firstIndex(of: "\(first) restart "), "\(log)")
        let failed = try #require(log.firstIndex(of: "\(first) fail products.refresh"), "\(log)")
        #expect(restart < failed, "\(log)")
        let body = try daemon.http().get("/api/events").body
        let fail = try #require(JSONParser.parse(body)["events"]?.arrayValue?.first { $0["kind"]?.stringValue == "fail" })
        #expect((fail["durationMs"]?.doubleValue ?? 0) > 0, "\(fail)")
        #expect(fail["code"]?.stringValue == "interrupted", "\(fail)")

        // Every event shown survives the next crash, and the version it showed keeps its body.
        _ = daemon.stop(signal: SIGKILL)
        daemon = try start()
        let after = try events(daemon)
        #expect(Array(after.prefix(log.count)) == log, "shown: \(log)\nafter the crash: \(after)")
        #expect(try served.read(daemon) == first + 1)
        #expect(served.conflicts.isEmpty, "\(served.conflicts)")
        #expect(daemon.stop() == 0)
        _ = mount
    }
}
