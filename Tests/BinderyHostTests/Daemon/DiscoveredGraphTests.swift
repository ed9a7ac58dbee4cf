import Bindery
import BinderyHost
import BinderyJSON
import BinderySurfaceEncoding
import BinderyTestSupport
import Testing

/// A view model that declares no graph: `isLong` is composed from `word` through an
/// intermediate, `go` is enabled by `isLong`, `after` is off while `slow` runs.
final class UndeclaredGraphViewModel: ViewModel {
    let word = MutableProperty("")
    let isLong: Property<Bool>
    let go: Action<Void, Int, Never>
    let slow: Action<Void, Int, Never>
    let after: Action<Void, Int, Never>

    init() {
        isLong = word.map(\.count).map { $0 >= 5 }
        go = Action(enabledIf: isLong) { _ in SignalProducer(value: 1) }
        slow = Action { _ in SignalProducer { _, _ in } }
        after = Action(enabledIf: slow.isExecuting.negate()) { _ in SignalProducer(value: 2) }
    }

    var surface: Surface { Surface(self, name: "gated") }
}

/// The graph read from the code reaches what hosts show: `describe`'s and `/api/surface`'s
/// `derivesFrom`, and a refused `run`'s reason.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct DiscoveredGraphTests {
    private func makeHost() -> ViewModelHost {
        startedHost(queue: "test.undeclared") { UndeclaredGraphViewModel() }.host
    }

    private func refusal(_ host: ViewModelHost, _ command: String) -> HostFailure? {
        let done = Completion<RunOutcome>()
        host.run(viewModel: "gated", command: command, argument: nil, wait: true) { done.fulfil($0) }
        if case let .failed(failure)? = done.wait() { return failure }
        return nil
    }

    @Test func theSurfaceDocumentCarriesTheComposedGraph() throws {
        let entry = try JSONParser.parse(SurfaceDocument.entry(UndeclaredGraphViewModel().surface, constraints: true))
        let outputs = entry["outputs"]?.arrayValue ?? []
        let commands = entry["commands"]?.arrayValue ?? []
        #expect(outputs.first?["derivesFrom"]?.arrayValue?.compactMap(\.stringValue) == ["word"])
        let enabledBy = Dictionary(uniqueKeysWithValues: commands.compactMap { command in
            command["name"]?.stringValue.map { ($0, command["enabledDerivesFrom"]?.arrayValue?.compactMap(\.stringValue) ?? []) }
        })
        #expect(enabledBy == ["go": ["isLong"], "slow": [], "after": ["slow"]])
    }

    @Test(.timeLimit(.minutes(2))) func aRefusedRunExplainsItselfFromTheComposedGraph() {
        let host = makeHost()
        let done = Completion<Bool>()
        host.set(viewModel: "gated", input: "word", value: .string("abc")) { done.fulfil((try? $0.get()) != nil) }
        #expect(done.wait() == true)
        #expect(refusal(host, "go")?.message == #"gated.go is not enabled now: isLong is false — it derives from word = "abc""#)
    }

    @Test(.timeLimit(.minutes(2))) func aCommandDisabledWhileAnotherRunsNamesIt() {
        let host = makeHost()
        let started = Completion<RunOutcome>()
        host.run(viewModel: "gated", command: "slow", argument: nil, wait: false) { started.fulfil($0) }
        guard case .started? = started.wait() else { Issue.record("slow did not start"); return }
        #expect(refusal(host, "after")?.message == "gated.after is not enabled now: slow is executing")
    }
}
