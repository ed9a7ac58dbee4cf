import BinderyCLI
import BinderyProtocol
import BinderyTestSupport
import Foundation
import Testing

/// binderyctl's options are declared once, in `Invocation.options`: parsing, `--help` and
/// did-you-mean are derived from it, and its man page's OPTIONS section and its bash
/// completion must name exactly the declared options, so none of them can drift again (the
/// completion once lacked -f, --file and --check, which the man page documented).
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct OptionDeclarationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var declared: Set<ManPageOption> {
        Set(Invocation.options.map { ManPageOption(names: Set($0.names), placeholder: $0.placeholder) })
    }

    static var declaredNames: Set<String> { Set(Invocation.options.flatMap(\.names)) }

    @Test func everyNameOfAnOptionSetsWhatItsFirstNameSets() throws {
        for option in Invocation.options {
            let value = option.placeholder == nil ? [] : ["x"]
            let expected = try Invocation.parse([option.name] + value)
            #expect(expected != Invocation(), "\(option.name) sets nothing")
            for name in option.names.dropFirst() {
                #expect(try Invocation.parse([name] + value) == expected, "\(name) differs from \(option.name)")
            }
            if option.placeholder != nil, let long = option.names.first(where: { $0.hasPrefix("--") }) {
                #expect(try Invocation.parse([long + "=x"]) == expected, "\(long)=VALUE")
            }
        }
    }

    @Test func unknownOptionsNameTheClosestDeclaredName() {
        func message(_ arguments: [String]) -> String? {
            do { _ = try Invocation.parse(arguments); return nil } catch { return error.message }
        }
        #expect(message(["--sockt"]) == "unknown option '--sockt' — did you mean '--socket'?")
        #expect(message(["--jsn"]) == "unknown option '--jsn' — did you mean '--json'?")
        #expect(message(["--comand", "ls"]) == "unknown option '--comand' — did you mean '--command'?")
        #expect(message(["--json=1"]) == "unknown option '--json=1' — did you mean '--json'?")
        #expect(message(["ls"]) == "unknown option 'ls' — commands go after -c, e.g. -c 'ls'")
        #expect(message(["-x"]) == "unknown option '-x' — did you mean '-c'?")
        #expect(message(["-cls"]) == nil && message(["-fscript.bdy"]) == nil)
        #expect(message(["-f"]) == "-f needs a value")
    }

    @Test func helpListsEveryDeclaredOption() {
        let help = Invocation.helpText()
        for option in Invocation.options {
            #expect(help.contains("\n  \(option.label) ") || help.contains("\n  \(option.label)\n"), "--help does not list \(option.label)")
            #expect(help.contains("[\(option.label)]"), "--help's synopsis lacks \(option.label)")
        }
        for line in help.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }

    @Test func manPageOptionsAreExactlyTheDeclaredOptions() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("man/binderyctl.1"), encoding: .utf8)
        let documented = ManPageOption.entries(inRoff: page)
        #expect(documented.count == Set(documented).count, "an option is documented twice")
        #expect(Set(documented).subtracting(Self.declared).isEmpty,
                "binderyctl(1) documents options binderyctl does not declare: \(Set(documented).subtracting(Self.declared))")
        #expect(Self.declared.subtracting(documented).isEmpty,
                "binderyctl(1) lacks declared options: \(Self.declared.subtracting(documented))")
    }

    /// The completion offers every declared name and no other, and completes the value of
    /// every option that takes one (a file, or a REPL line), never with option names.
    @Test func bashCompletionOffersExactlyTheDeclaredOptions() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("completion/binderyctl.bash"), encoding: .utf8)
        let offered = CompletionScript.optionWords(in: script)
        #expect(offered.count == Set(offered).count, "a name is offered twice: \(offered)")
        #expect(Set(offered) == Self.declaredNames,
                "offered but not declared: \(Set(offered).subtracting(Self.declaredNames)); declared but not offered: \(Self.declaredNames.subtracting(offered))")
        let valueNames = Set(Invocation.options.filter { $0.placeholder != nil }.flatMap(\.names))
        let completedValues = CompletionScript.previousWordPatterns(in: script)
        #expect(completedValues == valueNames,
                "values completed after \(completedValues.sorted()), but these options take one: \(valueNames.sorted())")
    }
}

/// What completion/binderyctl.bash offers: the words of its `compgen -W '…'` and the
/// option names its `case $prev in` completes a value after.
enum CompletionScript {
    static func optionWords(in script: String) -> [String] {
        guard let list = script.components(separatedBy: "compgen -W '").dropFirst().first?.components(separatedBy: "'").first else {
            return []
        }
        return list.split(separator: " ").map(String.init)
    }

    static func previousWordPatterns(in script: String) -> Set<String> {
        guard let block = script.components(separatedBy: "case $prev in").dropFirst().first?.components(separatedBy: "esac").first else {
            return []
        }
        var names: Set<String> = []
        for line in block.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("-"), let close = trimmed.firstIndex(of: ")") else { continue }
            for pattern in trimmed[..<close].split(separator: "|") { names.insert(pattern.trimmingCharacters(in: .whitespaces)) }
        }
        return names
    }
}
