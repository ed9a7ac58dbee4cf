import BinderyCLI
import BinderyTestSupport
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct CommandParserTests {
    @Test func commentsBlankLinesAndCase() throws {
        #expect(try CommandParser.parse("# set x") == nil)
        #expect(try CommandParser.parse("   ") == nil)
        #expect(try CommandParser.parse("PING") == .ping)
        #expect(try CommandParser.parse("Get login.avatarURL") == .get(vm: "login", name: "avatarURL"))
        #expect(try CommandParser.parse("\\?") == .quickHelp)
        #expect(try CommandParser.parse("\\q") == .quit)
        #expect(throws: CommandLineError.self) { try CommandParser.parse("\\zz") }
    }
}
