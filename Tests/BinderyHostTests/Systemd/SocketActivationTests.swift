import BinderyHTTP
import BinderyHost
import BinderySystemd
import BinderyTestSupport
import Foundation
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct SocketActivationTests {
    /// The probe executable built next to this test bundle.
    static var probePath: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("bindery-activation-probe").path
    }

    /// systemd-socket-activate listens like a .socket unit (names from --fdname), and on the
    /// first connection execs the probe with the sockets at descriptors 3 and 4 and
    /// LISTEN_PID/LISTEN_FDS/LISTEN_FDNAMES set — the same contract systemd gives binderyd.
    @Test(.enabled(if: ExternalTool.systemdSocketActivate.isInstalled, Comment(rawValue: ExternalTool.systemdSocketActivate.missingReason)))
    func activatedProcessFindsSocketsByNameAndServesHTTPOnOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-sa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let port = ListeningSockets.freeLoopbackPort()

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
        process.arguments = [
            "-l", directory.appendingPathComponent("control.sock").path, "-l", "127.0.0.1:\(port)",
            "--fdname=control:http", Self.probePath,
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // systemd-socket-activate needs a moment to listen; retry (bounded) until it does.
        var connection: RawHTTPConnection?
        for _ in 0..<1_000 where connection == nil {
            connection = try? RawHTTPConnection(port: port)
            if connection == nil { usleep(10_000) }
        }
        let response = try #require(connection).get("/healthz")
        #expect(response.status == 200)
        #expect(response.text == "activated /healthz")
        #expect(response.header("Content-Security-Policy") == SecurityHeaders.contentSecurityPolicy)

        try input.fileHandleForWriting.close()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(report.split(separator: "\n") == [
            "sockets 3=control/unixStream,4=http/inetStream",
            "environment-unset true",
            "serving",
            "stopped 1",
        ])
    }

    @Test func classifiesDescriptors() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-kind-\(UUID().uuidString).sock").path
        defer { unlink(path) }
        let unix = ListeningSockets.unixStream(path: path)
        let tcp = ListeningSockets.loopbackTCP()
        let idleTCP = ListeningSockets.loopbackTCP(listening: false)
        let udp = ListeningSockets.udp()
        defer { [unix, tcp, idleTCP, udp].forEach { close($0) } }
        #expect(SocketActivation.kind(of: unix) == .unixStream)
        #expect(SocketActivation.kind(of: tcp) == .inetStream)
        #expect(SocketActivation.kind(of: idleTCP) == .other)
        #expect(SocketActivation.kind(of: udp) == .other)
        #expect(SocketActivation.kind(of: -1) == .other)
    }

    /// LISTEN_* variables are process-global, so these run in their own process.
    @Test func notActivatedMeansNoSockets() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            setenv("LISTEN_PID", "\(getpid() + 1)", 1)
            setenv("LISTEN_FDS", "2", 1)
            let other = (try? SocketActivation.inheritedSockets(unsetEnvironment: false))?.isEmpty
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            let none = (try? SocketActivation.inheritedSockets())?.isEmpty
            print(other == true, none == true, terminator: "")
        }
        #expect(String(decoding: try #require(result).standardOutputContent, as: UTF8.self) == "true true")
    }

    @Test func malformedVariablesAreAnError() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            setenv("LISTEN_PID", "\(getpid())", 1)
            setenv("LISTEN_FDS", "three", 1)
            do {
                _ = try SocketActivation.inheritedSockets()
                print("no error", terminator: "")
            } catch {
                let message = "\(error)"
                print(message.hasPrefix("socket activation:") && !message.contains("\n"), terminator: "")
            }
        }
        #expect(String(decoding: try #require(result).standardOutputContent, as: UTF8.self) == "true")
    }
}
