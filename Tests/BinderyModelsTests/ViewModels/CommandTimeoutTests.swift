import Bindery
import BinderyModels
import Testing

/// No command executes forever (seed pitfall 1: the HUD spinning forever).
@Suite struct CommandTimeoutTests {
    @Test(arguments: [
        ("login", "login"), ("books", "search"), ("products", "refresh"), ("products", "loadMore"), ("tweets", "getTweets"),
    ])
    func aCommandThatNeverFinishesFailsWithATimeoutNamingIt(vm: String, command: String) throws {
        let h = try Harness(latencyMs: 60_000, commandTimeout: 5)
        try h.set("login", "mobilePhone", StoreFixtures.demoPhone)
        try h.set("login", "verifyCode", "1234")
        try h.set("tweets", "username", "ada")
        let run = try h.run(vm, command)
        h.advance(4.999)
        #expect(run.ending == nil)
        #expect(try h.isExecuting(vm, command))
        h.advance(0.001)
        #expect(run.ending == .timedOut("\(vm).\(command) timed out after 5 s"))
        #expect(try h.isExecuting(vm, command) == false)
        h.advance(120)
        #expect(run.values.isEmpty)
    }

    @Test func theDefaultTimeoutIsThirtySeconds() throws {
        let store = try Store(directory: nil)
        let context = ModelContext(store: store, scheduler: TestScheduler())
        #expect(context.commandTimeout == 30)
        let timeout = context.timeout(viewModel: "products", command: "refresh")
        #expect(timeout.name == "products.refresh")
        #expect(timeout.interval == 30)
    }

    @Test func aTimedOutFetchLeavesTheListAsItWas() throws {
        let h = try Harness(commandTimeout: 2)
        try h.run("products", "refresh")
        h.settle()
        try h.set("api", "latencyMs", "3000")
        let more = try h.run("products", "loadMore")
        h.advance(10)
        #expect(more.ending == .timedOut("products.loadMore timed out after 2 s"))
        #expect(try h.get("products", "products").listCount == 15)
        #expect(try h.get("products", "pageIndex") == .int(0))
    }
}
