import Bindery
import BinderyHost
import BinderyJSON
import BinderyNames
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// A view model whose command is gated by a derived output, one that runs until disposed,
/// and one that completes without a value (as a fetch cut short by `take(until:)` does).
final class GatedViewModel: ViewModel {
    let surface: Surface
    let word = MutableProperty("")
    let isLong: Property<Bool>

    init() {
        isLong = word.map { $0.count >= 5 }
        let go = Action<Void, Int, Never>(enabledIf: isLong) { _ in SignalProducer(value: 1) }
        let slow = Action<Void, Int, Never> { _ in SignalProducer { _, _ in } }
        let cut = Action<Void, Int, Never> { _ in SignalProducer.empty }
        let after = Action<Void, Int, Never>(enabledIf: slow.isExecuting.map(!)) { _ in SignalProducer(value: 2) }
        surface = Surface(
            name: "gated",
            inputs: [.string("word", word, .maxLength(20))],
            outputs: [SurfaceOutput("isLong", isLong, derivesFrom: ["word"])],
            commands: [
                SurfaceCommand("go", go, enabledDerivesFrom: ["isLong"]),
                SurfaceCommand("slow", slow),
                SurfaceCommand("cut", cut),
                SurfaceCommand("after", after),
            ])
    }
}

/// Runs refused with a reason, interrupted through the host, cut short by the view model,
/// the one did-you-mean rule, and causes before effects in a watch.
@Suite struct RunControlTests {
    private func makeHost() -> ViewModelHost {
        let scheduler = QueueScheduler(name: "test.gated")
        let model = scheduler.queue.sync { GatedViewModel() }
        let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: nil)
        #expect(host.start().isEmpty)
        return host
    }

    private func run(_ host: ViewModelHost, _ command: String, wait: Bool = true) -> RunOutcome? {
        let done = Completion<RunOutcome>()
        host.run(viewModel: "gated", command: command, argument: nil, wait: wait) { done.fulfil($0) }
        return done.wait()
    }

    private func failure(_ outcome: RunOutcome?) -> HostFailure? {
        if case let .failed(failure)? = outcome { return failure }
        return nil
    }

    private func set(_ host: ViewModelHost, _ value: String) {
        let done = Completion<Bool>()
        host.set(viewModel: "gated", input: "word", value: .string(value)) { done.fulfil((try? $0.get()) != nil) }
        #expect(done.wait() == true)
    }

    @Test func notEnabledSaysWhichOutputAndInputsKeepItOff() {
        let host = makeHost()
        set(host, "abc")
        let refused = failure(run(host, "go"))
        #expect(refused?.code == .disabled)
        #expect(refused?.message == #"gated.go is not enabled now: isLong is false — it derives from word = "abc""#)
    }

    @Test func executingSaysForHowLong() {
        let host = makeHost()
        guard case .started? = run(host, "slow", wait: false) else { Issue.record("slow did not start"); return }
        let refused = failure(run(host, "slow"))
        #expect(refused?.code == .disabled)
        #expect(refused?.message.hasPrefix("gated.slow is already executing (for ") == true)
    }

    @Test func withNothingDeclaredItSaysWhatIsExecuting() {
        let host = makeHost()
        guard case .started? = run(host, "slow", wait: false) else { Issue.record("slow did not start"); return }
        #expect(failure(run(host, "after"))?.message == "gated.after is not enabled now (while gated.slow is executing)")
    }

    @Test func interruptEndsTheRunAsInterruptedForItsClientAndTheLog() {
        let host = makeHost()
        let outcome = Completion<RunOutcome>()
        host.run(viewModel: "gated", command: "slow", argument: nil, wait: true) { outcome.fulfil($0) }
        host.scheduler.queue.sync {}  // started
        let interrupted = Completion<Result<Int, HostFailure>>()
        host.interrupt(viewModel: "gated", command: "slow") { interrupted.fulfil($0) }
        #expect((try? interrupted.wait()?.get()) == 1)
        let failure = failure(outcome.wait())
        #expect(failure == HostFailure(.interrupted, "gated.slow was interrupted by a client"))
        let again = Completion<Result<Int, HostFailure>>()
        host.interrupt(viewModel: "gated", command: "slow") { again.fulfil($0) }
        #expect((try? again.wait()?.get()) == 0, "nothing left to interrupt")
        host.scheduler.queue.sync {}
        let last = host.recentEvents(1).first.flatMap { try? JSONParser.parse($0.json) }
        #expect(last?["kind"] == .string("fail") && last?["code"] == .string("interrupted"))
        let unknown = Completion<Result<Int, HostFailure>>()
        host.interrupt(viewModel: "gated", command: "slo") { unknown.fulfil($0) }
        guard case let .failure(error)? = unknown.wait() else { Issue.record("interrupted an unknown command"); return }
        #expect(error.code == .unknownCommand && error.message.contains("did you mean 'slow'?"))
    }

    @Test func aRunThatEndsWithoutAValueIsReportedAsCancelled() {
        let host = makeHost()
        let failure = failure(run(host, "cut"))
        #expect(failure == HostFailure(.interrupted, "gated.cut was cancelled before it produced a value"))
        host.scheduler.queue.sync {}
        let last = host.recentEvents(1).first.flatMap { try? JSONParser.parse($0.json) }
        #expect(last?["kind"] == .string("fail"), "not a green finish with null")
        #expect(last?["code"] == .string("interrupted"))
        let state = try? JSONParser.parse(host.snapshot.json)
        #expect(state?["viewModels"]?["gated"]?["commands"]?["cut"]?["lastError"]?["code"] == .string("interrupted"))
    }

    @Test func aSetIsWatchedBeforeTheChangesItCauses() {
        let host = makeHost()
        let events = Mutex<[JSONValue]>([])
        let watch = host.watch(viewModel: nil) { json in
            if let event = try? JSONParser.parse(json) { events.withLock { $0.append(event) } }
        }
        defer { host.unwatch(watch) }
        set(host, "hello")
        host.scheduler.queue.sync {}
        let seen = events.withLock { $0 }.map { "\($0["kind"]?.stringValue ?? "?") \($0["name"]?.stringValue ?? "?")" }
        #expect(seen.first == "set word", "\(seen)")
        #expect(seen.contains("change isLong"))
        #expect(seen.firstIndex(of: "set word")! < seen.firstIndex(of: "change isLong")!)
        // …and in time: no effect is stamped before its cause (ISO 8601 stamps sort as text).
        let times = events.withLock { $0 }.compactMap { $0["at"]?.stringValue }
        #expect(times.count == seen.count && times == times.sorted(), "\(times)")
    }

    @Test func theDaemonSuggestsByTheSharedRule() {
        let host = makeHost()
        #expect(throws: HostFailure(.unknownViewModel, "unknown view model 'gatd'" + DidYouMean.suffix(for: "gatd", among: ["gated"]))) {
            try host.viewModelIndex("gatd")
        }
        #expect(throws: HostFailure(.unknownViewModel, "unknown view model 'zzz' (view models: gated)")) {
            try host.viewModelIndex("zzz")
        }
    }
}

/// The `interrupt` op against the real binderyd: a slow `products.refresh` ends as
/// `interrupted` for the client waiting on it.
@Suite struct DaemonInterruptTests {
    @Test func interruptOpEndsAWaitingRun() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":20000}"#).isOK)
        try client.send(line: #"{"id":"r","op":"run","vm":"products","name":"refresh"}"#)
        // Wait until the run shows as executing, then interrupt it from a second connection.
        let other = try daemon.control()
        for _ in 0..<400 {
            let state = try other.request(#"{"op":"get","vm":"products","name":"refresh"}"#)
            if state["value"]?["executing"] == .bool(true) { break }
            usleep(10_000)
        }
        let interrupt = try other.request(#"{"op":"interrupt","vm":"products","name":"refresh"}"#)
        #expect(interrupt.isOK && interrupt["interrupted"] == .int(1))
        let reply = try client.readReply()
        #expect(reply["id"] == .string("r"))
        #expect(reply.errorCode == "interrupted")
        #expect(reply["error"]?["message"] == .string("products.refresh was interrupted by a client"))
        #expect(daemon.stop() == 0)
    }
}

/// A finished run is watched before the command state it leaves behind.
@Suite struct WatchOrderTests {
    @Test func aFinishComesBeforeTheCommandStateItLeaves() {
        let scheduler = QueueScheduler(name: "test.order")
        let model = scheduler.queue.sync { GatedViewModel() }
        let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: nil)
        #expect(host.start().isEmpty)
        let events = Mutex<[String]>([])
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
