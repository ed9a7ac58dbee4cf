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

/// binderyd as a process: flags, persistence across kill -9 and SIGTERM, systemd
/// notifications, the control socket's file.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct DaemonLifecycleTests {
    @Test func anAcknowledgedSetSurvivesKillNine() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(directory: directory.path("d"), latencyFlag: false)
        let set = try first.control().request(#"{"op":"set","vm":"api","name":"latencyMs","value":4321}"#)
        #expect(set.isOK)
        first.stop(signal: SIGKILL)

        let second = try DaemonProcess(directory: directory.path("d"), latencyFlag: false)
        let value = try second.control().request(#"{"op":"get","vm":"api","name":"latencyMs"}"#)["value"]
        #expect(value == .int(4321))
        #expect(second.stop() == 0)
    }

    @Test func sigtermExitsZeroRemovesTheSocketAndKeepsState() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(directory: directory.path("d"), latencyFlag: false)
        #expect(try first.control().request(#"{"op":"set","vm":"api","name":"failureRate","value":0.5}"#).isOK)
        #expect(first.stop(signal: SIGTERM) == 0)
        #expect(!FileManager.default.fileExists(atPath: first.socketPath))
        #expect(first.standardError().contains("shutting down"))

        let second = try DaemonProcess(directory: directory.path("d"), latencyFlag: false)
        #expect(try second.control().request(#"{"op":"get","vm":"api","name":"failureRate"}"#)["value"] == .double(0.5))
        #expect(second.stop(signal: SIGINT) == 0)
    }

    @Test func flagsOverridePersistedValuesWithoutPersistingThemselves() throws {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess(directory: directory.path("d"), latencyFlag: false)
        #expect(try first.control().request(#"{"op":"set","vm":"api","name":"latencyMs","value":900}"#).isOK)
        #expect(first.stop() == 0)
        let flagged = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--set", "api.latencyMs=12"], latencyFlag: false)
        #expect(try flagged.control().request(#"{"op":"get","vm":"api","name":"latencyMs"}"#)["value"] == .int(12))
        #expect(flagged.stop() == 0)
        let plain = try DaemonProcess(directory: directory.path("d"), latencyFlag: false)
        #expect(try plain.control().request(#"{"op":"get","vm":"api","name":"latencyMs"}"#)["value"] == .int(900))
        #expect(plain.stop() == 0)
    }

    @Test func notifiesReadyStatusAndStopping() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("n"), withIntermediateDirectories: true)
        let notify = NotifyDatagramSocket(directory: directory.path("n"))
        let daemon = try DaemonProcess(directory: directory.path("d"), environment: ["NOTIFY_SOCKET": notify.path])
        let startup = try #require(notify.receive(until: "READY=1"))
        #expect(startup.contains { $0.contains("STATUS=") })
        #expect(startup.last?.contains("STATUS=serving") == true)
        kill(daemon.process.processIdentifier, SIGTERM)
        let shutdown = try #require(notify.receive(until: "STOPPING=1"))
        #expect(shutdown.last?.contains("STOPPING=1") == true)
        #expect(daemon.stop() == 0)
    }

    @Test func socketModeDefaultsTo0600AndFollowsTheFlag() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("a"))
        var info = stat()
        #expect(stat(daemon.socketPath, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(daemon.stop() == 0)

        let shared = try DaemonProcess(directory: directory.path("b"), extraArguments: ["--socket-mode", "0660"])
        #expect(stat(shared.socketPath, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o660)
        #expect(shared.stop() == 0)
    }

    @Test func aStaleSocketIsReplacedButALiveOneIsNot() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("d")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // A socket file nobody listens on, as a crashed daemon leaves it.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in (path + "/control.sock").utf8.enumerated() { buffer[index] = byte }
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(stale)
        #expect(FileManager.default.fileExists(atPath: path + "/control.sock"))

        let live = try DaemonProcess(directory: path)
        #expect(try live.control().request("{\"op\":\"ping\"}").isOK)
        #expect(throws: DaemonTestError.self) {
            _ = try DaemonProcess(directory: path)
        }
        #expect(try live.control().request("{\"op\":\"ping\"}").isOK)
        #expect(live.stop() == 0)

        // A path that is not a socket is never replaced.
        let other = directory.path("e")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try "keep me".write(toFile: other + "/control.sock", atomically: true, encoding: .utf8)
        #expect(throws: DaemonTestError.self) {
            _ = try DaemonProcess(directory: other)
        }
        #expect(try String(contentsOfFile: other + "/control.sock", encoding: .utf8) == "keep me")
    }

    @Test(arguments: [
        ["--bogus"], ["--http", "nope"], ["--http", "127.0.0.1:99999"], ["--set", "api"], ["--latency-ms"],
        ["--command-timeout", "0"], ["--http-connections", "5"], ["--log-level", "loud"], ["--socket-mode", "999"], ["--socket"], ["stray"],
    ])
    func aBadFlagIsAOneLineUsageErrorWithExitCode2(arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.binaryPath)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(text.hasPrefix("binderyd: "))
        #expect(text.split(separator: "\n").count == 1)
    }

    /// `--set` values (and binderyd's shorthands for them) are checked against the view models
    /// like a control-socket set: a bad one exits 2 with one line naming it, serving nothing.
    @Test(arguments: [
        (["--latency-ms", "-1"], "--set api.latencyMs=-1: api.latencyMs expects an int between 0 and 60000"),
        (["--failure-rate=2"], "--set api.failureRate=2: api.failureRate expects a double between 0 and 1"),
        (["--set", "api.latencyMs=soon"], #"--set api.latencyMs=soon: api.latencyMs expects an int between 0 and 60000, got "soon""#),
        (["--set", "api.latency=1"], "--set api.latency=1: unknown input 'latency' in api — did you mean 'latencyMs'?"),
        (["--set", "apo.latencyMs=1"], "--set apo.latencyMs=1: unknown view model 'apo' — did you mean 'api'?"),
    ])
    func aBadSetIsAOneLineUsageErrorNamingIt(arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.binaryPath)
        process.arguments = ["--state-dir", directory.path("state"), "--socket", directory.path("c.sock"), "--http", "127.0.0.1:0"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(text.hasPrefix("binderyd: " + message), "\(text)")
        #expect(text.split(separator: "\n").count == 1, "\(text)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("c.sock")))
    }

    @Test func helpAndVersionExitZero() throws {
        for flag in ["--help", "--version"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: DaemonProcess.binaryPath)
            process.arguments = [flag]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("binderyd"))
        }
    }
}
