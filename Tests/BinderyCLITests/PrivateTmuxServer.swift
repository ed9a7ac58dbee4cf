import Foundation

/// A tmux server of the test's own: in the foreground (`-D`) on a private socket, so tests
/// never touch a person's tmux and every command is a short-lived client.
///
/// Why not let `tmux new-session` start the server, as a person's shell does: that client
/// forks the server as a daemon, the daemon inherits the descriptor Foundation's `Process`
/// watches to learn that its child exited, and `waitUntilExit()` then waits for the *server*
/// — forever, since the server outlives the test. Clients run with `-N`, so none can start
/// a server of its own.
final class PrivateTmuxServer {
    let socketPath = FileManager.default.temporaryDirectory
        .appendingPathComponent("bctl-tmux-\(UUID().uuidString.prefix(8))").path
    private let server = Process()

    init() throws {
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["tmux", "-S", socketPath, "-f", "/dev/null", "-D"]
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try Self.runWithClearedSignalMask(server)
        // Bounded wait for the socket (a safety net, not a timing assertion).
        for _ in 0..<400 where !FileManager.default.fileExists(atPath: socketPath) && server.isRunning {
            usleep(10_000)
        }
        guard FileManager.default.fileExists(atPath: socketPath) else {
            stop()
            throw TmuxError(description: "tmux -D did not create \(socketPath)")
        }
        // A pane whose command ended stays on screen, so its last words can still be read.
        try run(["set-option", "-g", "remain-on-exit", "on"])
    }

    /// posix_spawn hands the calling thread's signal mask to the child, and tests run on
    /// worker threads that block nearly every signal: a tmux server started from one never
    /// sees SIGCHLD, and its panes ignore the SIGHUP that `kill-server` sends. So the server
    /// is spawned with the mask cleared, and the thread's mask is put back afterwards.
    private static func runWithClearedSignalMask(_ process: Process) throws {
        var empty = sigset_t()
        var saved = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
    }

    /// Runs one tmux client command against this server and returns what it printed.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        client.arguments = ["tmux", "-N", "-S", socketPath] + arguments
        let output = Pipe()
        client.standardInput = FileHandle.nullDevice
        client.standardOutput = output
        client.standardError = FileHandle.nullDevice
        try client.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        client.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Ends every session and the server.
    func stop() {
        _ = try? run(["kill-server"])
        if server.isRunning { server.terminate() }
        server.waitUntilExit()
        unlink(socketPath)
    }

    deinit { if server.isRunning { stop() } }
}

struct TmuxError: Error, CustomStringConvertible {
    let description: String
}
