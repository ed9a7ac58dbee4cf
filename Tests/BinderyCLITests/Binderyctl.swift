import Foundation
import Synchronization

/// Runs the built binderyctl (next to the test bundle) and collects what it printed.
enum Binderyctl {
    static var path: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("binderyctl").path
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(_ arguments: [String], stdin: String = "", environment extra: [String: String] = [:],
                    currentDirectory: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["BINDERY_SOCKET"] = nil
        environment["RUNTIME_DIRECTORY"] = nil
        for (k, v) in extra { environment[k] = v }
        process.environment = environment
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        // A safety net, not a timing assertion: a binderyctl that never exits is killed, so the
        // test fails on its output instead of hanging the suite.
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        defer { watchdog.cancel() }
        // Read both pipes concurrently so neither can fill and block the child.
        let errData = Mutex(Data())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let data = error.fileHandleForReading.readDataToEndOfFile()
            errData.withLock { $0 = data }
        }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
    }
}
