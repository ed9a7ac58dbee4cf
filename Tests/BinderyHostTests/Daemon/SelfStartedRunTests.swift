import Bindery
import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// A view model whose commands start one another, run at start and are applied while
/// disabled — none of it by a client.
private final class ChainViewModel: ViewModel {
    let gate = MutableProperty(false)
    let refresh = Action<Void, Int, Never> { _ in SignalProducer(value: 1) }
    let recount: Action<Int, Int, Never>
    let guarded: Action<Void, Int, Never>

    init() {
        recount = Action { SignalProducer(value: $0 + 1) }
        guarded = Action(enabledIf: gate) { _ in SignalProducer(value: 2) }
        recount <~ refresh.values
        guarded <~ refresh.values.map { _ in () }
    }

    var surface: Surface { Surface(self) { $0.runAtStart(\.refresh) } }
}

/// Issue 31, item 1, in-process: runs started by the view model are runs, with what started
/// them; attempts while disabled are counted.
@Suite(.ownThreads) struct SelfStartedRunTests {
    @Test(.timeLimit(.minutes(2)))
    func runsTheViewModelStartsAreCountedLoggedAndAttributed() throws {
        let (host, _) = startedHost(queue: "test.selfstarted") { ChainViewModel() }
        host.scheduler.queue.sync {}   // the start's run, and the flush behind it
        host.scheduler.queue.sync {}
        let state = try JSONParser.parse(host.snapshot.json)["viewModels"]?["chain"]?["commands"]
        #expect(state?["refresh"]?["runs"]?.intValue == 1)
        #expect(state?["recount"]?["runs"]?.intValue == 1)
        #expect(state?["recount"]?["lastValue"]?.intValue == 2)
        #expect(state?["guarded"]?["runs"]?.intValue == 0)
        #expect(state?["guarded"]?["refused"]?.intValue == 1, "the disabled attempt is counted")
        let events = try host.recentEvents(20).map { try JSONParser.parse($0.json) }
        let starts = events.filter { $0["kind"] == .string("start") }
        #expect(starts.map { $0["name"]?.stringValue } == ["refresh", "recount"])
        #expect(starts.first?["by"] == .string("start"))
        #expect(starts.last?["by"] == .string("binding"))
        #expect(starts.last?["via"] == .string("command chain.refresh"))
        let finishes = events.filter { $0["kind"] == .string("finish") }
        #expect(Set(finishes.compactMap { $0["name"]?.stringValue }) == ["refresh", "recount"])
        host.stop()
    }
}
