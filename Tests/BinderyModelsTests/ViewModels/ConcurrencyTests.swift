import Bindery
import BinderyModels
import Dispatch
import Synchronization
import Testing

/// 1,000 sets and runs from several threads, each hopped onto the view-model scheduler as
/// the daemon does, leave every view model in a state its rules allow.
@Suite(.timeLimit(.minutes(2))) struct ConcurrencyTests {
    @Test(.timeLimit(.minutes(2)))
    func aThousandSetsAndRunsFromSeveralThreadsLeaveConsistentState() async throws {
        let store = try Store(directory: nil)
        let scheduler = QueueScheduler(name: "test.view-models")
        let context = ModelContext(store: store, scheduler: scheduler, backgroundScheduler: QueueScheduler(name: "test.api"))
        let surfaces = StandardViewModels.make(in: context).map(\.surface)
        let host = Host(scheduler: scheduler, surfaces: surfaces)
        await host.onScheduler { try? host.set("api", "latencyMs", .int(0)) }

        await withTaskGroup(of: Void.self) { tasks in
            for thread in 0..<4 {
                tasks.addTask {
                    for step in 0..<250 { host.operation(thread * 250 + step) }
                }
            }
        }
        await host.allFinished()
        #expect(host.applied == 1_000)

        let state = await host.onScheduler { host.snapshot() }
        try state.check()
    }
}

/// A tiny daemon: hops every operation onto the view-model scheduler.
private final class Host: Sendable {
    let scheduler: QueueScheduler
    let surfaces: [Surface]
    let group = DispatchGroup()
    private let count = Synchronization.Atomic<Int>(0)

    init(scheduler: QueueScheduler, surfaces: [Surface]) {
        self.scheduler = scheduler
        self.surfaces = surfaces
    }

    var applied: Int { count.load(ordering: .acquiring) }

    func surface(_ name: String) -> Surface { surfaces.first { $0.name == name }! }

    func set(_ vm: String, _ input: String, _ value: SurfaceValue) throws {
        try surface(vm).input(named: input).set(value, viewModel: vm)
    }

    /// Operation `i` of a fixed mix of sets and runs over every view model.
    func operation(_ i: Int) {
        let pick = i / 12
        group.enter()
        scheduler.schedule { [self] in
            count.add(1, ordering: .relaxed)
            switch i % 12 {
            case 0: setAndLeave("signin", "username", ["ad", "admin", "adminx", "abc"][pick % 4])
            case 1: setAndLeave("signin", "password", ["password", "pw", "secret1"][pick % 3])
            case 2: run("signin", "login")
            case 3: setAndLeave("compass", "valueA", ["西", "north", "左"][pick % 3])
            case 4: setAndLeave("compass", "valueB", ["左", "south", "西"][pick % 3])
            case 5: run("products", "refresh")
            case 6: run("products", "loadMore")
            case 7: run("products", "toggle", .int(pick % 20))
            case 8: run("products", "cancel")
            case 9: setAndLeave("tweets", "username", ["ada", "alan", "grace", "x"][pick % 4])
            case 10: run("tweets", pick % 2 == 0 ? "getTweets" : "loadMore")
            default:
                if pick % 2 == 0 { setAndLeave("books", "query", ["swift", "the", ""][pick % 3]) } else { run("books", "search") }
            }
        }
    }

    private func setAndLeave(_ vm: String, _ input: String, _ text: String) {
        try? set(vm, input, .string(text))
        group.leave()
    }

    /// Starts a run; the group is left when it ends, however it ends.
    private func run(_ vm: String, _ command: String, _ argument: SurfaceValue? = nil) {
        let group = group
        _ = try? surface(vm).command(named: command).run(argument).start { event in
            if event.isTerminating { group.leave() }
        }
    }

    func allFinished() async {
        await withCheckedContinuation { continuation in
            group.notify(queue: .global()) { continuation.resume() }
        }
    }

    func onScheduler<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            scheduler.schedule { continuation.resume(returning: body()) }
        }
    }

    func snapshot() -> Snapshot {
        var values: [String: SurfaceValue] = [:]
        var executing: [String] = []
        for surface in surfaces {
            for input in surface.inputs { values["\(surface.name).\(input.name)"] = input.value }
            for output in surface.outputs { values["\(surface.name).\(output.name)"] = output.value }
            for command in surface.commands where command.isExecuting.value { executing.append("\(surface.name).\(command.name)") }
        }
        return Snapshot(values: values, executing: executing)
    }
}

private struct Snapshot: Sendable {
    let values: [String: SurfaceValue]
    let executing: [String]

    func string(_ key: String) -> String? { if case let .string(s)? = values[key] { s } else { nil } }

    func check() throws {
        #expect(executing.isEmpty, "still executing: \(executing)")

        let username = try #require(string("signin.username"))
        let password = try #require(string("signin.password"))
        #expect(values["signin.isValid"] == .bool(username.count >= 5 && password.count >= 6))
        #expect(values["signin.usernameColor"] == .string(username.count > 3 ? "white" : "red"))

        let a = try #require(string("compass.valueA"))
        let b = try #require(string("compass.valueB"))
        #expect(b == CompassViewModel.forward(a) || a == CompassViewModel.backward(b), "A \(a), B \(b)")

        let cells = values["products.products"]?.items ?? []
        #expect(cells.map { $0["title"] } == StoreFixtures.products.prefix(cells.count).map { .string($0.title) }, "pages contiguous from page 0")
        #expect(cells.allSatisfy { $0["color"] == ($0["isSelected"] == .bool(true) ? .string("red") : .string("yellow")) })
        let pageIndex = values["products.pageIndex"]
        #expect(pageIndex == .int(cells.isEmpty ? 0 : (cells.count - 1) / APIClient.productPageSize))

        if case let .string(fullName)? = values["tweets.userFullName"] {
            let user = try #require(StoreFixtures.users.first { $0.fullName == fullName })
            let all = StoreFixtures.tweets.filter { $0.username == user.username }
            let shown = values["tweets.tweets"]?.items ?? []
            #expect(shown.map { $0["content"] } == all.prefix(shown.count).map { .string($0.content) })
            #expect(values["tweets.allTweetsLoaded"] == .bool(shown.count == all.count))
        } else {
            #expect(values["tweets.tweets"] == .list([]))
        }

        #expect(values["books.count"] == .int(values["books.books"]?.items.count ?? -1))
        #expect(values["api.failures"] == .int(0))
        if case let .int(requests)? = values["api.requests"] { #expect(requests > 0) } else { Issue.record("no api.requests") }
    }
}
