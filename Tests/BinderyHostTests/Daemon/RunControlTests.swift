import Bindery
import BinderyHost
import BinderyJSON
import BinderyPrimitives
import BinderyProtocol
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// Runs refused with a reason, interrupted through the host, cut short by the view model,
/// the one did-you-mean rule, and causes before effects in a watch.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct RunControlTests {
    private func makeHost() -> ViewModelHost {
        startedHost(queue: "test.gated") { GatedViewModel() }.host
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
        #expect(failure == HostFailure(.cancelled, "gated.cut was cancelled before it produced a value"))
        host.scheduler.queue.sync {}
        let last = host.recentEvents(1).first.flatMap { try? JSONParser.parse($0.json) }
        #expect(last?["kind"] == .string("fail"), "not a green finish with null")
        #expect(last?["code"] == .string("cancelled"))
        let state = try? JSONParser.parse(host.snapshot.json)
        #expect(state?["viewModels"]?["gated"]?["commands"]?["cut"]?["lastError"]?["code"] == .string("cancelled"))
    }

    @Test func aSetIsWatchedBeforeTheChangesItCauses() {
        let host = makeHost()
        let events = Lock<[JSONValue]>([])
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
