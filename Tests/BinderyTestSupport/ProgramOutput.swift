import Foundation

/// What a program prints, for tests that compare it with what is declared or documented (a
/// `--help` text with the options table and the man page).
public enum ProgramOutput {
    /// Everything `executable` wrote to standard output when run with `arguments`, once it
    /// has exited.
    public static func standardOutput(of executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
