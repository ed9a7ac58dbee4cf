import Bindery
import BinderyHost
import BinderyJSON
import BinderyPrimitives
import BinderyProtocol
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// A finished run is watched before the command state it leaves behind.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct WatchOrderTests {
    @Test func aFinishComesBeforeTheCommandStateItLeaves() {
        let scheduler = QueueScheduler(name: "test.order")
        let model = scheduler.queue.sync { GatedViewModel() }
        let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: nil)
        #expect(host.start().isEmpty)
        let events = Lock<[String]>([])
        let watch = host.watch(viewModel: nil) { json in
            guard let event = try? JSONParser.parse(json) else { return }
            events.withLock { $0.append("\(event["kind"]?.stringValue ?? "?") \(event["name"]?.stringValue ?? "?")") }
        }
        defer { host.unwatch(watch) }
        let done = Completion<RunOutcome>()
        host.run(viewModel: "gated", command: "cut", argument: nil, wait: true) { done.fulfil($0) }
        _ = done.wait()
        host.scheduler.queue.sync {}
        let seen = events.withLock { $0 }
        guard let end = seen.firstIndex(of: "fail cut"), let state = seen.lastIndex(of: "change cut") else {
            Issue.record("\(seen)"); return
        }
        #expect(end < state, "\(seen)")
        #expect(seen.first == "start cut", "\(seen)")
    }
}
