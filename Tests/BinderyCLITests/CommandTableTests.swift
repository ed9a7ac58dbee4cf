import BinderyProtocol
@testable import BinderyCLI
import BinderyJSON
import Testing

@Suite(.timeLimit(.minutes(2))) struct CommandTableTests {
    @Test func parsesEveryCommandShape() throws {
        #expect(try CommandParser.parse("set login.mobilePhone 138") == .set(vm: "login", input: "mobilePhone", value: Token("138")))
        #expect(try CommandParser.parse("run products.toggle 2") == .run(vm: "products", command: "toggle", argument: Token("2"), wait: true))
        #expect(try CommandParser.parse("run products.refresh &") == .run(vm: "products", command: "refresh", argument: nil, wait: false))
        #expect(try CommandParser.parse("run a.b \"&\"") == .run(vm: "a", command: "b", argument: Token("&", quoted: true), wait: true))
        #expect(try CommandParser.parse("watch") == .watch(vm: nil))
        #expect(try CommandParser.parse("log 5") == .log(count: 5))
        #expect(try CommandParser.parse("exit") == .quit)
        #expect(try CommandParser.parse("   ") == nil)
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

    @Test func helpComesFromTheTable() throws {
        let overview = CommandTable.overview()
        for command in CommandTable.commands { #expect(overview.contains(command.usage)) }
        #expect(try CommandTable.help(for: "run").get().contains("usage: run VM.COMMAND [ARG] [&]"))
        #expect(try CommandTable.help(for: "exit").get().contains("usage: quit"))
        guard case .failure = CommandTable.help(for: "nope") else { Issue.record("help for an unknown command"); return }
    }
}
