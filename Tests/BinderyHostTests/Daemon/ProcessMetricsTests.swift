import BinderyProtocol
import BinderyTestSupport
import Foundation
import Testing

/// `/metrics` carries the conventional `process_*` families and `bindery_build_info`, with
/// the real process's numbers (compared with what /proc says of the daemon from outside).
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ProcessMetricsTests {
    private func samples(_ text: String) -> [String: Double] {
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        return values
    }

    @Test func metricsCarryTheProcessFamiliesAndTheBuild() throws {
        let directory = try TemporaryDirectory()
        let started = Date().timeIntervalSince1970
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let text = try daemon.http().get("/metrics").text
        let values = samples(text)
        for family in ["process_cpu_seconds_total", "process_start_time_seconds", "process_resident_memory_bytes",
                       "process_virtual_memory_bytes", "process_open_fds", "process_max_fds"] {
            #expect(text.contains("# TYPE \(family) "), "\(family) missing")
            #expect(values[family] != nil, "\(family) has no value")
        }
        #expect(values["bindery_build_info{version=\"\(BinderyRelease.version)\",program=\"binderyd\"}"] == 1, "\(text)")
        let start = try #require(values["process_start_time_seconds"])
        #expect(abs(start - started) < 60, "started \(started), metrics say \(start)")
        let resident = try #require(values["process_resident_memory_bytes"])
        let outside = Double(try daemon.residentBytes())
        #expect(resident > outside / 2 && resident < outside * 2, "metrics \(resident), /proc \(outside)")
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.process.processIdentifier)/fd").count
        let open = try #require(values["process_open_fds"])
        #expect(abs(open - Double(fds)) <= 4, "metrics \(open), /proc \(fds)")
        #expect((values["process_cpu_seconds_total"] ?? 0) > 0)
        #expect(daemon.stop() == 0)
    }
}
