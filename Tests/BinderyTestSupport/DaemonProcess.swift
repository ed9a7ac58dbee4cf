import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a test's daemon, socket or helper process failed; `description` says what happened.
public struct DaemonTestError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

/// The real `binderyd` binary (built next to this test bundle) running on a temporary
/// socket, an ephemeral HTTP port and a temporary state directory.
public final class DaemonProcess {
    public static var binaryPath: String { path(of: "binderyd") }

    /// The built executable `program` (built next to this test bundle).
    public static func path(of program: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent(program).path
    }

    /// The web directory of this checkout (Tests/BinderyTestSupport → ../../web);
    /// binderyd serves its own compiled-in copy unless given `--web-dir`.
    public static var webDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("web").path
    }

    public let directory: String
    public let socketPath: String
    public let stateDirectory: String
    public let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    public private(set) var port: UInt16 = 0
    /// The dashboard URL binderyd printed.
    public private(set) var dashboardURL = ""

    /// Starts binderyd and waits until it prints its dashboard URL (both sockets listen).
    /// The state lives in `stateDirectory`, by default `<directory>/state`. With `umask`,
    /// binderyd starts under that umask (through `sh -c 'umask …; exec …'`); with `user`, as
    /// that user and group id (through setpriv; the test must run as root). `program` runs
    /// another DaemonMain program than binderyd (without `latencyFlag`, binderyd's own). Its
    /// stderr is read only once it has exited, so a daemon that logs much should run at
    /// `logLevel` `warning`.
    public init(program: String = "binderyd", directory: String, stateDirectory: String? = nil, extraArguments: [String] = [], environment: [String: String] = [:],
                latencyFlag: Bool = true, http: String = "127.0.0.1:0", umask: String? = nil, currentDirectory: String? = nil,
                user: UInt32? = nil, logLevel: String = "debug") throws {
        self.directory = directory
        socketPath = directory + "/control.sock"
        self.stateDirectory = stateDirectory ?? directory + "/state"
        let arguments = ["--socket", socketPath, "--http", http, "--state-dir", self.stateDirectory, "--log-level", logLevel]
            + (latencyFlag ? ["--latency-ms", "0"] : []) + extraArguments
        let binaryPath = Self.path(of: program)
        if let umask {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "umask \(umask) && exec \"$0\" \"$@\"", binaryPath] + arguments
        } else if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", binaryPath] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binaryPath)
            process.arguments = arguments
        }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        var env = ProcessInfo.processInfo.environment
        for key in ["NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "WATCHDOG_USEC", "JOURNAL_STREAM",
                    "RUNTIME_DIRECTORY", "STATE_DIRECTORY"] {
            env[key] = nil
        }
        env.merge(environment) { $1 }
        process.environment = env
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var text = ""
        while !text.contains("attach the REPL") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                process.waitUntilExit()
                let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                throw DaemonTestError(description: "\(program) exited (\(process.terminationStatus)) before serving: \(stderr)")
            }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let match = text.firstMatch(of: /dashboard (http:\/\/\S+:(\d+)\/)/) else {
            throw DaemonTestError(description: "no dashboard URL in: \(text)")
        }
        dashboardURL = String(match.1)
        port = UInt16(match.2)!
    }

    /// Sends `signal` and waits for the exit; returns the exit status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Everything written to stderr (after the process ended).
    public func standardError() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// What to show of stderr (after the process ended) when a test fails on it: a crash
    /// report's first line and the crashed thread's frames when the daemon crashed (the report
    /// lists every thread, and its end is only registers), else the last `limit` characters.
    public func standardErrorExcerpt(limit: Int = 2_000) -> String {
        let text = standardError()
        guard let start = text.range(of: "*** Program crashed"),
              let crashed = text.range(of: " crashed:", range: start.upperBound..<text.endIndex) else {
            return String(text.suffix(limit))
        }
        let headline = text[start.lowerBound...].prefix { $0 != "\n" }
        let threadStart = text[..<crashed.lowerBound].lastIndex(of: "\n").map(text.index(after:)) ?? crashed.lowerBound
        let frames = text[threadStart...].prefix(limit)
        return "\(headline)\n\(frames)"
    }

    /// The daemon's resident memory (VmRSS), in bytes.
    public func residentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else {
            throw DaemonTestError(description: "no VmRSS in /proc/\(process.processIdentifier)/status")
        }
        return kilobytes * 1024
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
