import Bindery
import BinderyModels
import Testing

/// SPEC §2's table of surface names, which scripts and the dashboard rely on.
@Suite(.timeLimit(.minutes(2))) struct StandardViewModelsTests {
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

    /// The binding graph as the view models' code composes it (plus the few edges they
    /// declare because a command sets the value): output or command → what it derives from.
    let graph: [String: [String: [String]]] = [
        "login": ["avatarURL": ["mobilePhone"], "isLoginValid": ["mobilePhone", "verifyCode"], "login": ["isLoginValid"], "fillUp": []],
        "signin": ["isValid": ["username", "password"], "usernameColor": ["username"], "login": ["isValid"]],
        "books": ["books": ["search"], "count": ["books"], "search": []],
        "products": ["products": [], "pageIndex": [], "lastError": [], "refresh": [], "loadMore": ["refresh"], "cancel": [], "toggle": []],
        "tweets": ["isUsernameValid": ["username"], "goAlpha": ["isUsernameValid"],
                   "userFullName": ["getTweets"], "userAvatarURL": ["getTweets"],
                   "tweets": ["getTweets", "loadMore"], "allTweetsLoaded": ["getTweets", "loadMore"],
                   "getTweets": ["isUsernameValid"], "loadMore": ["getTweets", "allTweetsLoaded"]],
        "compass": [:],
        "api": ["requests": [], "failures": ["failureRate"]],
    ]

    @Test func theBindingGraphIsReadFromTheCode() throws {
        let h = try Harness()
        for viewModel in h.viewModels {
            let surface = viewModel.surface
            var found: [String: [String]] = [:]
            for output in surface.outputs { found[output.name] = output.derivesFrom }
            for command in surface.commands { found[command.name] = command.enabledDerivesFrom }
            #expect(found == graph[surface.name], "\(surface.name)")
            for (member, sources) in found {
                #expect(!sources.contains(member), "\(surface.name).\(member) derives from itself")
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
