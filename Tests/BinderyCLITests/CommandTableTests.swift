@testable import BinderyCLI
import BinderyJSON
import BinderyProtocol
import BinderyTestSupport
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct CommandTableTests {
    @Test func parsesEveryCommandShape() throws {
        #expect(try CommandParser.parse("set login.mobilePhone 138") == .set(vm: "login", input: "mobilePhone", value: Token("138")))
        #expect(try CommandParser.parse("run products.toggle 2") == .run(vm: "products", command: "toggle", argument: Token("2"), wait: true))
        #expect(try CommandParser.parse("run products.refresh &") == .run(vm: "products", command: "refresh", argument: nil, wait: false))
        #expect(try CommandParser.parse("run a.b \"&\"") == .run(vm: "a", command: "b", argument: Token("&", quoted: true), wait: true))
        #expect(try CommandParser.parse("watch") == .watch(vm: nil))
        #expect(try CommandParser.parse("log 5") == .log(count: 5))
        #expect(try CommandParser.parse("exit") == .quit)
        #expect(try CommandParser.parse("   ") == nil)
        #expect(try CommandParser.parse("export s.json") == .export(path: "s.json", range: VersionRange(from: nil, to: nil)))
        #expect(try CommandParser.parse("export s.json @12..@40") == .export(path: "s.json", range: VersionRange(from: 12, to: 40)))
        #expect(try CommandParser.parse("export s.json @12..") == .export(path: "s.json", range: VersionRange(from: 12, to: nil)))
        #expect(try CommandParser.parse("replay s.json") == .replay(path: "s.json"))
        #expect(try CommandParser.parse("testgen search T.swift") == .testgen(vm: "search", path: "T.swift", source: .versions(VersionRange(from: nil, to: nil))))
        #expect(try CommandParser.parse("testgen search T.swift ..@9") == .testgen(vm: "search", path: "T.swift", source: .versions(VersionRange(from: nil, to: 9))))
        #expect(try CommandParser.parse("testgen search T.swift s.json") == .testgen(vm: "search", path: "T.swift", source: .file("s.json")))
    }

    @Test func setTakesSeveralPairs() throws {
        #expect(try CommandParser.parse("set vm.a 1 vm.b \"x y\"") == .set(vm: "vm", input: "a", value: Token("1"),
                                                                          more: [SetPair(vm: "vm", input: "b", value: Token("x y", quoted: true))]))
        let missing = #expect(throws: CommandLineError.self) { try CommandParser.parse("set vm.a 1 vm.b") }
        #expect(missing?.description.hasPrefix("missing VALUE after vm.b") == true, "\(String(describing: missing))")
        let notAPath = #expect(throws: CommandLineError.self) { try CommandParser.parse("set vm.a 1 b 2") }
        #expect(notAPath?.description.hasPrefix("'b' is not VM.INPUT") == true, "\(String(describing: notAPath))")
    }

    @Test func aRangeTheWrongWayRoundOrNotOfVersionsIsAUsageError() {
        for line in ["export s.json @40..@12", "export s.json @a..@b", "export s.json 12", "testgen search T.swift @1..@2..@3"] {
            let error = #expect(throws: CommandLineError.self, "\(line)") { try CommandParser.parse(line) }
            #expect(error?.description.contains("@F..@T must be two versions") == true, "\(line): \(String(describing: error))")
        }
    }

    @Test func usageErrorsShowTheUsage() {
        #expect(throws: CommandLineError.self) { try CommandParser.parse("set login.mobilePhone") }
        let error = #expect(throws: CommandLineError.self) { try CommandParser.parse("get login") }
        #expect(error?.description == "'login' is not VM.NAME (e.g. login.mobilePhone); usage: get VM.NAME [@V]")
        #expect((#expect(throws: CommandLineError.self) { try CommandParser.parse("log lots") })?.description
            .contains("usage: log [N]") == true)
        #expect((#expect(throws: CommandLineError.self) { try CommandParser.parse("shwo login") })?.description
            == "unknown command 'shwo' — did you mean 'show'? type help for the list")
    }

    /// Each table entry, typed with arguments of the kinds it takes, parses to its own command
    /// (a keyword without a parser case would not compile; this proves the cases are not
    /// crossed, as a `default:` once made any new entry quit).
    @Test func everyTableEntryParsesToItsOwnCommand() throws {
        func sample(_ kind: ArgumentKind) -> String {
            switch kind {
            case .commandWord: return "ls"
            case .viewModel: return "login"
            case .inputPath, .commandPath, .memberPath: return "login.mobilePhone"
            case .value: return "1"
            case .count: return "5"
            case .file: return "session.bdy"
            case .version: return "@3"
            case .versionRange: return "@1..@3"
            }
        }
        func keyword(of command: ReplCommand) -> CommandKeyword? {
            switch command {
            case .help: return .help
            case .list: return .ls
            case .show: return .show
            case .get: return .get
            case .set: return .set
            case .run: return .run
            case .watch: return .watch
            case .log: return .log
            case .restore: return .restore
            case .export: return .export
            case .importSession: return .import
            case .replay: return .replay
            case .testgen: return .testgen
            case .ping: return .ping
            case .record: return .record
            case .quit: return .quit
            case .quickHelp, .expanded: return nil
            }
        }
        for entry in CommandKeyword.allCases {
            for name in [entry.spec.name] + entry.spec.aliases {
                let line = ([name] + entry.spec.arguments.map { sample($0.kind) }).joined(separator: " ")
                let command = try #require(try CommandParser.parse(line), "\(line)")
                #expect(keyword(of: command) == entry, "\(line) parsed as \(command)")
            }
        }
        let backslash: [BackslashKeyword: ReplCommand] = [.quickHelp: .quickHelp, .expanded: .expanded(nil), .quit: .quit]
        for entry in BackslashKeyword.allCases {
            for name in [entry.spec.name] + entry.spec.aliases {
                #expect(try CommandParser.parse(name) == backslash[entry], "\(name)")
                #expect(throws: CommandLineError.self, "\(name) with two words too many") { try CommandParser.parse(name + " on on") }
            }
        }
    }

    @Test func helpComesFromTheTable() throws {
        let overview = CommandTable.overview()
        for command in CommandTable.commands { #expect(overview.contains(command.usage)) }
        #expect(try CommandTable.help(for: "run").get().contains("usage: run VM.COMMAND [ARG] [&]"))
        #expect(try CommandTable.help(for: "exit").get().contains("usage: quit"))
        guard case .failure = CommandTable.help(for: "nope") else { Issue.record("help for an unknown command"); return }
    }
}
