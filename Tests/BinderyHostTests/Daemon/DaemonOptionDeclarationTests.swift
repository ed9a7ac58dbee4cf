import BinderyHost
import BinderyTestSupport
import Foundation
import Testing

/// A daemon's options are declared once (`DaemonOptions.standardOptions`, and a program's own
/// through `DaemonOptions.options(adding:)`): parsing, `--help` and the did-you-mean of an
/// unknown flag are derived from them, and binderyd(8)'s OPTIONS section names exactly
/// binderyd's declared options.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct DaemonOptionDeclarationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func message(_ arguments: [String]) -> String? {
        do { _ = try DaemonOptions.parse(arguments, environment: [:]); return nil } catch { return error.description }
    }

    @Test func unknownFlagsNameTheClosestDeclaredFlag() {
        #expect(message(["--sockt", "x"]) == "unknown flag '--sockt' — did you mean '--socket'?")
        #expect(message(["--stat-dir=x"]) == "unknown flag '--stat-dir' — did you mean '--state-dir'?")
        #expect(message(["--zzzzzzzz"]) == "unknown flag '--zzzzzzzz'")
        #expect(message(["stray"]) == "unexpected argument 'stray'")
        #expect(message(["--reset-state=yes"]) == "--reset-state takes no value")
        #expect(message(["--log-level"]) == "--log-level needs a value")
    }

    @Test func helpAndVersionEndTheCommandLineByAnyOfTheirNames() throws {
        #expect(try DaemonOptions.parse(["-h", "--bogus"], environment: [:]) == .help)
        #expect(try DaemonOptions.parse(["--help"], environment: [:]) == .help)
        #expect(try DaemonOptions.parse(["--version", "--bogus"], environment: [:]) == .version)
    }

    @Test func usageListsEveryDeclaredOptionInItsSynopsisAndBody() {
        let extra = DaemonOptions.Option("--turbo", help: ["go fast"]) { _ in }
        let usage = DaemonOptions.usage(program: "counterd", extraOptions: [extra])
        for option in DaemonOptions.options(adding: [extra]) {
            #expect(usage.contains("[\(option.label)]"), "the synopsis lacks \(option.label)")
            #expect(usage.contains("\n  \(option.label) "), "the listing lacks \(option.label)")
        }
        #expect(usage.contains("\n  --turbo                   go fast\n  --help"), "a program's own options come before --help")
    }

    /// binderyd's own options (its simulated API's shorthands) are those its `--help` lists
    /// beyond the standard ones; with those, the man page documents exactly what it declares.
    @Test func manPageOptionsAreExactlyBinderydsDeclaredOptions() throws {
        let help = try ProgramOutput.standardOutput(of: DaemonProcess.binaryPath, ["--help"])
        let standard = DaemonOptions.options()
        let standardNames = Set(standard.flatMap(\.names))
        let own = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.compactMap { line -> ManPageOption? in
            let words = line.split(separator: " ").map(String.init)
            guard !standardNames.contains(words[0]) else { return nil }
            return ManPageOption(names: [words[0]], placeholder: words[1].uppercased() == words[1] ? words[1] : nil)
        }
        #expect(own.map(\.names) == [["--latency-ms"], ["--failure-rate"]], "\(own)")
        let declared = Set(standard.map { ManPageOption(names: Set($0.names), placeholder: $0.placeholder) } + own)
        let page = try String(contentsOf: Self.root.appendingPathComponent("man/binderyd.8"), encoding: .utf8)
        let documented = ManPageOption.entries(inRoff: page)
        #expect(documented.count == Set(documented).count, "an option is documented twice")
        #expect(Set(documented).subtracting(declared).isEmpty,
                "binderyd(8) documents options binderyd does not declare: \(Set(documented).subtracting(declared))")
        #expect(declared.subtracting(documented).isEmpty, "binderyd(8) lacks declared options: \(declared.subtracting(documented))")
    }
}
