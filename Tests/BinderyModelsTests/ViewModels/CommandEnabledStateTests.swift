import Bindery
import BinderyModels
import Testing

/// A command's enabled state, seen through its surface, follows the state it derives from
/// (it once froze: derived properties did not keep their intermediates alive).
@Suite(.timeLimit(.minutes(2))) struct CommandEnabledStateTests {
    @Test func aCommandsEnabledStateFollowsItsCondition() throws {
        let h = try Harness()
        #expect(try h.isEnabled("signin", "login") == false)
        try h.set("signin", "username", "admin")
        try h.set("signin", "password", "password")
        #expect(try h.get("signin", "isValid") == .bool(true))
        let command = try h.surface("signin").command(named: "login")
        #expect(command.isEnabled.value)
        try h.set("signin", "password", "short")
        #expect(command.isEnabled.value == false)
    }
}
