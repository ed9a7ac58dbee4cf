import Bindery
import BinderyModels
import BinderyPrimitives
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(2))) struct APIViewModelTests {
    @Test func knobsDefaultTo800MsAndNoFailures() throws {
        let store = try Store(directory: nil)
        let scheduler = TestScheduler()
        let api = APIViewModel(context: ModelContext(store: store, scheduler: scheduler, backgroundScheduler: scheduler))
        #expect(api.surface.name == "api")
        #expect(try api.surface.input(named: "latencyMs").value == .int(800))
        #expect(try api.surface.input(named: "failureRate").value == .double(0))
        #expect(try api.surface.output(named: "requests").value == .int(0))
        #expect(try api.surface.output(named: "failures").value == .int(0))
    }

    @Test func knobsRefuseValuesOutOfRangeAndChangeNothing() throws {
        let h = try Harness(latencyMs: 5)
        let cases: [(String, String, String)] = [
            ("latencyMs", "-1", "api.latencyMs expects an int between 0 and 60000, got -1"),
            ("latencyMs", "60001", "api.latencyMs expects an int between 0 and 60000, got 60001"),
            ("latencyMs", "fast", #"api.latencyMs expects an int between 0 and 60000, got "fast""#),
            ("failureRate", "1.5", "api.failureRate expects a double between 0 and 1, got 1.5"),
            ("failureRate", "-0.1", "api.failureRate expects a double between 0 and 1, got -0.1"),
            ("failureRate", "often", #"api.failureRate expects a double between 0 and 1, got "often""#),
        ]
        for (input, text, message) in cases {
            let error = #expect(throws: SurfaceError.self) { try h.set("api", input, text) }
            #expect(error?.message == message)
        }
        #expect(try h.input("api", "latencyMs") == .int(5))
        #expect(try h.input("api", "failureRate") == .double(0))
        try h.set("api", "latencyMs", "60000")
        try h.set("api", "failureRate", "0.25")
        #expect(try h.input("api", "latencyMs") == .int(60000))
        #expect(try h.input("api", "failureRate") == .double(0.25))
    }

    @Test func everyRequestWaitsTheLatencyReadWhenItStarts() throws {
        let h = try Harness(latencyMs: 800)
        let first = try h.run("books", "search")
        try h.set("api", "latencyMs", "200")
        h.advance(0.799)
        #expect(first.ending == nil, "the change does not apply to a request already waiting")
        h.advance(0.001)
        #expect(first.ending == .completed)
        let second = try h.run("books", "search")
        h.advance(0.199)
        #expect(second.ending == nil)
        h.advance(0.001)
        #expect(second.ending == .completed)
        #expect(h.requests == 2)
        #expect(h.failures == 0)
    }

    @Test func theFailureRateIsReadAtEachRequestAgainstTheRandomSource() throws {
        let rolls = Lock<[Double]>([0.1, 0.9, 0.49, 0.5])
        let h = try Harness(failureRate: 0.5, random: { rolls.withLock { $0.removeFirst() } })
        var endings: [RunRecord.Ending?] = []
        for _ in 0..<4 {
            let run = try h.run("books", "search")
            h.settle()
            endings.append(run.ending)
        }
        let unavailable = RunRecord.Ending.failed("Server unavailable, please retry")
        #expect(endings == [unavailable, .completed, unavailable, .completed])
        #expect(h.requests == 4)
        #expect(h.failures == 2)
        try h.set("api", "failureRate", "0")
        let run = try h.run("books", "search")
        h.settle()
        #expect(run.ending == .completed, "rate 0 never fails, and does not consume a roll")
    }

    @Test func aDisposedCallDeliversNothingAndCountsNoFailure() throws {
        let store = try Store(directory: nil)
        let main = TestScheduler()
        let background = TestScheduler()
        let context = ModelContext(store: store, scheduler: main, backgroundScheduler: background)
        let latency = MutableProperty(100)
        let rate = MutableProperty(1.0)
        let client = APIClient(context: context, latencyMs: Property(latency), failureRate: Property(rate))
        let events = ValueLog<String>()

        let beforeLatency = client.books(matching: "").start { events.append("\($0)") }
        background.advance(by: 0.05)
        beforeLatency.dispose()
        background.advance(by: 1)
        main.advance(by: 1)

        let afterRead = client.products(page: 0).start { events.append("\($0)") }
        background.advance(by: 0.1)
        afterRead.dispose()
        main.advance(by: 1)

        #expect(events.all.count == 2 && events.all.allSatisfy { $0.contains("INTERRUPTED") }, "\(events.all)")
        #expect(client.requests.value == 2)
        #expect(client.failures.value == 0)
    }

    @Test func callsReadTheStoreOffTheViewModelSchedulerAndDeliverOnIt() throws {
        let store = try Store(directory: nil)
        let main = TestScheduler()
        let background = TestScheduler()
        let context = ModelContext(store: store, scheduler: main, backgroundScheduler: background)
        let client = APIClient(context: context, latencyMs: Property(value: 0), failureRate: Property(value: 0))
        let accounts = ValueLog<Account>()
        _ = client.login(phone: StoreFixtures.demoPhone, code: "1234").startWithResult { if case let .success(account) = $0 { accounts.append(account) } }
        main.advance()
        #expect(accounts.count == 0, "nothing happens on the view-model scheduler until the background has run")
        background.advance()
        #expect(accounts.count == 0, "the result waits for the view-model scheduler")
        main.advance()
        #expect(accounts.all.map(\.phone) == [StoreFixtures.demoPhone])
    }
}
