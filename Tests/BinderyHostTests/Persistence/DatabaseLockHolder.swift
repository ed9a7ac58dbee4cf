import BinderyTestSupport
import Foundation

/// Another process (python3's sqlite3) holding `BEGIN IMMEDIATE` on a database — the write
/// lock — until ``release()`` (or what `statements` take, e.g. an exclusive locking mode).
final class DatabaseLockHolder {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// The holder's process id.
    var pid: Int32 { process.processIdentifier }

    /// Starts the holder and returns once it holds the lock.
    init(database: String, statements: [String] = ["BEGIN IMMEDIATE"]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
            for statement in sys.argv[2:]: c.execute(statement)
            print('locked', flush=True)
            sys.stdin.read()
            c.execute('ROLLBACK')
            """, database] + statements
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard line.hasPrefix("locked") else { throw DaemonTestError(description: "lock holder did not lock: \(line)") }
    }

    /// Rolls back and ends the holder.
    func release() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { release() }
    }
}
