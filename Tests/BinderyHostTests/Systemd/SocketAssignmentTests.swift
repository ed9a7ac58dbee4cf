import BinderyHost
import BinderySystemd
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// Which passed socket serves what. systemd names every socket of one .socket unit alike
/// (`FileDescriptorName=` is per unit), so binderyd goes by the kind of socket.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct SocketAssignmentTests {
    static func socket(_ descriptor: Int32, _ name: String, _ kind: InheritedSocket.Kind) -> InheritedSocket {
        InheritedSocket(descriptor: descriptor, name: name, kind: kind)
    }

    @Test func oneUnitNamesBothSocketsAlike() {
        let assignment = SocketAssignment(InheritedSockets([
            Self.socket(3, "binderyd.socket", .unixStream), Self.socket(4, "binderyd.socket", .inetStream),
        ]))
        #expect(assignment.control?.descriptor == 3 && assignment.http?.descriptor == 4 && assignment.unused.isEmpty)
    }

    @Test func namesOnlyBreakTiesAndNeverOverrideTheKind() {
        let swapped = SocketAssignment(InheritedSockets([
            Self.socket(3, "http", .unixStream), Self.socket(4, "control", .inetStream),
        ]))
        #expect(swapped.control?.descriptor == 3 && swapped.http?.descriptor == 4)
        let several = SocketAssignment(InheritedSockets([
            Self.socket(3, "other", .unixStream), Self.socket(4, "control", .unixStream),
            Self.socket(5, "x", .inetStream), Self.socket(6, "http", .inetStream), Self.socket(7, "http", .other),
        ]))
        #expect(several.control?.descriptor == 4 && several.http?.descriptor == 6)
        #expect(several.unused.map(\.descriptor) == [3, 5, 7])
    }

    @Test func missingKindsAreBoundFromTheOptions() {
        let onlyHTTP = SocketAssignment(InheritedSockets([Self.socket(3, "web", .inetStream)]))
        #expect(onlyHTTP.control == nil && onlyHTTP.http?.descriptor == 3)
        let none = SocketAssignment(InheritedSockets([]))
        #expect(none.control == nil && none.http == nil && none.unused.isEmpty)
    }

    /// The real binderyd under systemd-socket-activate, which passes sockets exactly as
    /// systemd does; `fdnames` nil passes no names at all.
    @Test(.enabled(if: ExternalTool.systemdSocketActivate.isInstalled, Comment(rawValue: ExternalTool.systemdSocketActivate.missingReason)),
          arguments: [
        "binderyd.socket:binderyd.socket",  // one unit with both ListenStream= lines
        "http:control",                     // names that contradict the kinds
        nil,                                // no LISTEN_FDNAMES
    ] as [String?])
    func realDaemonServesBothPassedSockets(fdnames: String?) throws {
        let directory = try TemporaryDirectory()
        let socketPath = directory.path("control.sock")
        let port = ListeningSockets.freeLoopbackPort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
        // systemd-socket-activate passes its program no environment of its own but what -E names:
        // a sanitizer's options (`make asan`, `make tsan`) are passed on.
        let sanitizerOptions = ["ASAN_OPTIONS", "TSAN_OPTIONS"].filter { ProcessInfo.processInfo.environment[$0] != nil }
        process.arguments = ["-l", socketPath, "-l", "127.0.0.1:\(port)"] + (fdnames.map { ["--fdname=\($0)"] } ?? [])
            + sanitizerOptions.flatMap { ["-E", $0] }
            + [DaemonProcess.binaryPath, "--state-dir", directory.path("state"), "--latency-ms", "0",
               // Both would fail if binderyd bound them: the path is systemd's, the port taken.
               "--socket", socketPath, "--http", "127.0.0.1:\(port)"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }

        // systemd-socket-activate needs a moment to listen; the first connection starts binderyd.
        var control: ControlClient?
        for _ in 0..<1_000 where control == nil {
            control = try? ControlClient(path: socketPath)
            if control == nil { usleep(10_000) }
        }
        let ping = try #require(control).request(#"{"op":"ping"}"#)
        #expect(ping.isOK)
        let health = try RawHTTPConnection(port: port).get("/healthz")
        #expect(health.status == 200)
        #expect(try RawHTTPConnection(port: port).get("/").status == 200)

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("control \(socketPath) (from systemd)"), "\(log)")
        #expect(!log.contains("error:"), "\(log)")
    }
}
