import Bindery
import BinderyModels
import Testing

/// SPEC §2's table of surface names, which scripts and the dashboard rely on.
@Suite struct StandardViewModelsTests {
    let table: [(String, [String], [String], [String])] = [
        ("login", ["mobilePhone", "verifyCode"], ["avatarURL", "isLoginValid"], ["login", "fillUp"]),
        ("signin", ["username", "password"], ["isValid", "usernameColor"], ["login"]),
        ("books", ["query"], ["books", "count"], ["search"]),
        ("products", [], ["products", "pageIndex", "lastError"], ["refresh", "loadMore", "cancel", "toggle"]),
        ("tweets", ["username"], ["isUsernameValid", "goAlpha", "userFullName", "userAvatarURL", "tweets", "allTweetsLoaded"], ["getTweets", "loadMore"]),
        ("compass", ["valueA", "valueB"], [], []),
        ("api", ["latencyMs", "failureRate"], ["requests", "failures"], []),
    ]

    @Test func theSevenSurfacesHaveExactlyTheNamesOfTheTableInItsOrder() throws {
        let h = try Harness()
        #expect(h.viewModels.map(\.surface.name) == table.map(\.0))
        #expect(StandardViewModels.names == table.map(\.0))
        for (viewModel, row) in zip(h.viewModels, table) {
            let surface = viewModel.surface
            #expect(surface.inputs.map(\.name) == row.1, "\(row.0) inputs")
            #expect(surface.outputs.map(\.name) == row.2, "\(row.0) outputs")
            #expect(surface.commands.map(\.name) == row.3, "\(row.0) commands")
        }
        let toggle = try h.surface("products").command(named: "toggle")
        #expect(toggle.argument == SurfaceCommand.Argument("index", .int))
        #expect(h.viewModels.allSatisfy { $0.surface.commands.filter { $0.name != "toggle" }.allSatisfy { $0.argument == nil } })
    }

    @Test func everyDerivationNamesAnInputOrOutputOfItsOwnViewModel() throws {
        let h = try Harness()
        for viewModel in h.viewModels {
            let surface = viewModel.surface
            let names = Set(surface.inputs.map(\.name) + surface.outputs.map(\.name))
            for output in surface.outputs {
                #expect(output.derivesFrom.allSatisfy(names.contains), "\(surface.name).\(output.name)")
                #expect(!output.derivesFrom.contains(output.name), "\(surface.name).\(output.name) derives from itself")
            }
            for command in surface.commands {
                #expect(command.enabledDerivesFrom.allSatisfy(names.contains), "\(surface.name).\(command.name)")
            }
        }
    }

    @Test func eachCallMakesIndependentInstances() throws {
        let h = try Harness()
        let others = StandardViewModels.make(in: h.context)
        try h.set("signin", "username", "admin")
        #expect(try others[1].surface.input(named: "username").value == .string(""))
    }
}
