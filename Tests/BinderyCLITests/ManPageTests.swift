import BinderyCLI
import BinderyTestSupport
import Foundation
import Testing

/// The man pages cannot drift from the programs: rendered with `man -l` as a reader sees
/// them, binderyctl(1) must carry every option of `binderyctl --help`, every REPL command of
/// the command table (usage, summary and details, as `help` prints them) and every backslash
/// command; binderyd(8) every option of `binderyd --help`. README's synopsis of binderyd is
/// its `--help` usage.
@Suite(.ownThreads, .enabled(if: ManPage.manIsInstalled, "needs man-db's man (make deps installs it)"), .timeLimit(.minutes(2)))
struct ManPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func binderyctlsPageCarriesEveryOptionAndCommand() throws {
        let page = try ManPage.render(Self.root.appendingPathComponent("man/binderyctl.1").path)
        #expect(page.warnings.isEmpty, "\(page.warnings)")
        let help = try Binderyctl.run(["--help"]).stdout
        for option in ManPage.options(in: help) {
            #expect(page.text.contains(option), "binderyctl(1) lacks \(option), which --help lists")
        }
        for command in CommandTable.commands + CommandTable.backslashCommands {
            for text in [command.usage, command.summary] + command.details + command.aliases {
                #expect(page.text.contains(ManPage.normalized(text)), "binderyctl(1) lacks \"\(text)\" (\(command.name) in the command table)")
            }
        }
        for variable in ["BINDERY_SOCKET", "NO_COLOR", "PAGER", "XDG_STATE_HOME"] {
            #expect(help.contains(variable) && page.text.contains(variable), "\(variable) is not in both --help and the page")
        }
    }

    @Test func binderydsPageCarriesEveryOption() throws {
        let page = try ManPage.render(Self.root.appendingPathComponent("man/binderyd.8").path)
        #expect(page.warnings.isEmpty, "\(page.warnings)")
        let help = try ProgramOutput.standardOutput(of: ManPage.binderyd, ["--help"])
        let options = ManPage.options(in: help)
        #expect(options.contains("--reset-state"))
        for option in options {
            #expect(page.text.contains(option), "binderyd(8) lacks \(option), which --help lists")
        }
        // README's synopsis is the usage of --help (its lines up to the blank line), flag for flag.
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let usage = help.components(separatedBy: "\n\n")[0]
        let synopsis = readme.components(separatedBy: "```\nbinderyd [")[1].components(separatedBy: "```")[0]
        #expect(ManPage.options(in: synopsis) == ManPage.options(in: usage), "README's binderyd synopsis differs from --help")
    }

    /// README's example of a bad `--set` really is bad: binderyd exits 2 naming it.
    @Test(.timeLimit(.minutes(1))) func readmesBadSetExampleIsRefused() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try #require(readme.components(separatedBy: "(`binderyd --set ").dropFirst().first?.components(separatedBy: "`").first)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bad-set-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ManPage.binderyd)
        process.arguments = ["--set", example, "--socket", directory.path + "/c.sock", "--state-dir", directory.path, "--http", "127.0.0.1:0"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        // A safety net: an example that is not bad starts the daemon, which is then stopped.
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGTERM) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        #expect(process.terminationStatus == 2, "binderyd --set \(example) exited \(process.terminationStatus)")
        #expect(message.hasPrefix("binderyd: --set \(example): ") && message.split(separator: "\n").count == 1, "\(message)")
    }
}

/// A man page as `man -l` renders it, and the option words of a help text.
enum ManPage {
    static var manIsInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/man") }

    /// The built binderyd, beside binderyctl.
    static var binderyd: String { URL(fileURLWithPath: Binderyctl.path).deletingLastPathComponent().appendingPathComponent("binderyd").path }

    /// The page rendered by man-db for a wide terminal (so nothing is hyphenated), its text
    /// normalised; groff's warnings apart.
    static func render(_ path: String) throws -> (text: String, warnings: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/man")
        process.arguments = ["--warnings", "-E", "UTF-8", "-l", path]
        process.environment = ["LC_ALL": "C.UTF-8", "MANWIDTH": "2000", "MANPAGER": "cat", "PATH": "/usr/bin:/bin"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = out.fileHandleForReading.readDataToEndOfFile()
        let warnings = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (normalized(String(decoding: text, as: UTF8.self)), String(decoding: warnings, as: UTF8.self))
    }

    /// Whitespace runs as one space, groff's typographic characters as typed.
    static func normalized(_ text: String) -> String {
        let plain = text.replacingOccurrences(of: "\u{2010}", with: "-").replacingOccurrences(of: "\u{2212}", with: "-")
            .replacingOccurrences(of: "\u{2018}", with: "`").replacingOccurrences(of: "\u{2019}", with: "'")
        return plain.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// The options a help text names (`--socket`, `-c`, …), in order, each once.
    static func options(in help: String) -> [String] {
        var seen: [String] = []
        let words = help.split(whereSeparator: { " \n\t[]|,()".contains($0) })
        for word in words {
            let option = String(word.prefix { $0 != "=" })
            let name = option.drop { $0 == "-" }
            guard (1...2).contains(option.count - name.count), name.first?.isLetter == true,
                  name.allSatisfy({ $0.isLetter || $0 == "-" }), !seen.contains(option) else { continue }
            seen.append(option)
        }
        return seen
    }
}
