import Bindery
import BinderyHost
import BinderyJSON
import BinderyTestSupport
import FoundationEssentials
import Testing

/// A view model of a user's own Codable value, hosted: the surface says `json`, a client's JSON
/// object sets it, and the state shows it in its Codable form.
private final class PlanViewModel: ViewModel {
    struct Plan: Codable, Equatable, Sendable {
        var title: String
        var stops: [String]
        var start: Date
    }

    let plan = MutableProperty(Plan(title: "home", stops: [], start: Date(timeIntervalSince1970: 0)))
    var surface: Surface { Surface(self) }
}

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct CodableInputTests {
    @Test func aClientSetsACodableInputWithAJSONObject() throws {
        let scheduler = QueueScheduler(name: "test.plan")
        let model = scheduler.queue.sync { PlanViewModel() }
        let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: nil)
        #expect(host.start().isEmpty)
        let surface = String(decoding: host.surfaceJSON, as: UTF8.self)
        #expect(surface.contains(#"{"name":"plan","type":"json","typeName":"Plan"}"#), "\(surface)")

        let sent = SurfaceValue(json: try JSONParser.parse(#"{"title":"trip","stops":["Lyon","Turin"],"start":"2026-12-01T08:00:00Z"}"#))
        let done = Completion<Bool>()
        host.set(viewModel: "plan", input: "plan", value: sent) { done.fulfil((try? $0.get()) != nil) }
        #expect(done.wait() == true)
        #expect(scheduler.queue.sync { model.plan.value.stops } == ["Lyon", "Turin"])
        let state = String(decoding: host.snapshot.json, as: UTF8.self)
        #expect(state.contains(#""plan":{"title":"trip","stops":["Lyon","Turin"],"start":"2026-12-01T08:00:00.000Z"}"#), "\(state)")

        let refused = Completion<Bool>()
        host.set(viewModel: "plan", input: "plan", value: .record(["title": .string("x")])) { refused.fulfil((try? $0.get()) != nil) }
        #expect(refused.wait() == false, "a record that is not a Plan is refused")
    }
}
