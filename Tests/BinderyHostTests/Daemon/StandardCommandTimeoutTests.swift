import Bindery
import BinderyHost
import BinderyModels
import BinderyTestSupport
import Testing

/// No command of the standard view models executes forever (seed pitfall 1: the HUD spinning
/// forever) — and the host alone enforces it: the models declare no timeout of their own.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct StandardCommandTimeoutTests {
    private func makeHost(timeout: Double) throws -> ViewModelHost {
        let scheduler = QueueScheduler(name: "test.standard")
        let context = ModelContext(store: try Store(directory: nil), scheduler: scheduler,
                                   backgroundScheduler: QueueScheduler(name: "test.api"))
        let models = scheduler.queue.sync { StandardViewModels.make(in: context) }
        let host = ViewModelHost(viewModels: models, scheduler: scheduler, store: nil, commandTimeout: timeout)
        #expect(host.start().isEmpty)
        return host
    }

    private func set(_ host: ViewModelHost, _ vm: String, _ input: String, _ value: SurfaceValue) {
        let done = Completion<Bool>()
        host.set(viewModel: vm, input: input, value: value) { if case .success = $0 { done.fulfil(true) } else { done.fulfil(false) } }
        #expect(done.wait() == true, "set \(vm).\(input)")
    }

    private func run(_ host: ViewModelHost, _ vm: String, _ command: String) -> RunOutcome? {
        let done = Completion<RunOutcome>()
        host.run(viewModel: vm, command: command, argument: nil, wait: true) { done.fulfil($0) }
        return done.wait()
    }

    @Test(.timeLimit(.minutes(2)), arguments: [
        ("login", "login"), ("books", "search"), ("products", "refresh"), ("tweets", "getTweets"),
    ])
    func aCommandThatNeverFinishesTimesOutNamingItAndCanRunAgain(vm: String, command: String) throws {
        let host = try makeHost(timeout: 0.2)
        defer { host.stop() }
        set(host, "api", "latencyMs", .int(60_000))
        set(host, "login", "mobilePhone", .string(StoreFixtures.demoPhone))
        set(host, "login", "verifyCode", .string("1234"))
        set(host, "tweets", "username", .string("ada"))
        for _ in 0..<2 {  // the second run is not refused as still executing
            guard case let .failed(failure)? = run(host, vm, command) else { Issue.record("\(vm).\(command) did not time out"); return }
            #expect(failure.code == .timedOut)
            #expect(failure.message == "\(vm).\(command) timed out after 0.2 s")
        }
    }

    @Test(.timeLimit(.minutes(2))) func aTimedOutFetchLeavesTheListAsItWas() throws {
        let host = try makeHost(timeout: 0.2)
        defer { host.stop() }
        set(host, "api", "latencyMs", .int(0))
        guard case .finished? = run(host, "products", "refresh") else { Issue.record("refresh failed"); return }
        set(host, "api", "latencyMs", .int(60_000))
        guard case let .failed(failure)? = run(host, "products", "loadMore") else { Issue.record("loadMore did not time out"); return }
        #expect(failure.code == .timedOut)
        let products = host.scheduler.queue.sync { try? host.surfaces.first { $0.name == "products" }?.output(named: "products").value }
        let pageIndex = host.scheduler.queue.sync { try? host.surfaces.first { $0.name == "products" }?.output(named: "pageIndex").value }
        guard case let .list(items)? = products else { Issue.record("no products list"); return }
        #expect(items.count == 15)
        #expect(pageIndex == .int(0))
    }
}
