import Bindery
import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// A view model polled by timers: one bound into a command, one applying another directly.
private final class PolledViewModel: ViewModel {
    let refresh = Action<Void, Int, Never> { _ in SignalProducer(value: 1) }
    let poll = Action<Void, Int, Never> { _ in SignalProducer(value: 2) }

    init(scheduler: any DateScheduler & Sendable) {
        refresh <~ SignalProducer.timer(interval: .milliseconds(20), on: scheduler).take(first: 2).map { _ in () }
        SignalProducer.timer(interval: .milliseconds(20), on: scheduler).take(first: 2)
            .startWithValues { [poll] _ in poll.apply().start() }
    }

    var surface: Surface { Surface(self) }
}

/// Issue 40, item 3: a run a timer started says so — `by timer`, or `by binding` `via timer`
/// when the timer feeds a binding — not "the view model's own code".
@Suite(.ownThreads) struct TimerStartedRunTests {
    @Test(.timeLimit(.minutes(2)))
    func runsATimerStartsSayATimerStartedThem() throws {
        let scheduler = QueueScheduler(name: "test.timer-started")
        let model = scheduler.queue.sync { PolledViewModel(scheduler: scheduler) }
        let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: nil, commandTimeout: 30)
        #expect(host.start().isEmpty)
        defer { host.stop() }
        func starts() throws -> [JSONValue] {
            try host.recentEvents(50).map { try JSONParser.parse($0.json) }.filter { $0["kind"] == .string("start") }
        }
        #expect(try waitUntil { try starts().count == 4 }, "two ticks of each timer start four runs")
        let byCommand = Dictionary(grouping: try starts()) { $0["name"]?.stringValue ?? "" }
        #expect(byCommand["refresh"]?.allSatisfy { $0["by"] == .string("binding") && $0["via"] == .string("timer") } == true,
                "\(byCommand["refresh"] ?? [])")
        #expect(byCommand["poll"]?.allSatisfy { $0["by"] == .string("timer") && $0["via"] == nil } == true,
                "\(byCommand["poll"] ?? [])")
        // Issue 41, item 3: their origin says what made them, no client having acted.
        #expect(byCommand["poll"]?.allSatisfy { $0["origin"] == .object([("by", .string("timer"))]) } == true,
                "\(byCommand["poll"] ?? [])")
        #expect(byCommand["refresh"]?.allSatisfy { $0["origin"] == .object([("by", .string("binding"))]) } == true,
                "\(byCommand["refresh"] ?? [])")
    }
}
