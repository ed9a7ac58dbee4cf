import Bindery
import BinderyHost
import BinderyJSON
import BinderyPersistence
import BinderyPrimitives
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// The host in-process, with a test view model: versions, caching, sets, runs, watches.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ViewModelHostTests {
    private func makeHost(timeout: Double = 30, store: InputStore? = nil) -> (ViewModelHost, GreeterViewModel) {
        startedHost(queue: "test.host", store: store, commandTimeout: timeout) { GreeterViewModel() }
    }

    private func set(_ host: ViewModelHost, _ name: String, _ value: SurfaceValue) -> Result<(value: SurfaceValue, version: UInt64), HostFailure>? {
        let done = Completion<Result<(value: SurfaceValue, version: UInt64), HostFailure>>()
        host.set(viewModel: "greeter", input: name, value: value) { done.fulfil($0) }
        return done.wait()
    }

    private func run(_ host: ViewModelHost, _ command: String, _ argument: SurfaceValue? = nil, wait: Bool = true) -> RunOutcome? {
        let done = Completion<RunOutcome>()
        host.run(viewModel: "greeter", command: command, argument: argument, wait: wait) { done.fulfil($0) }
        return done.wait()
    }

    @Test func changesInOneSchedulerTurnBumpTheVersionOnce() throws {
        let (host, model) = makeHost()
        let before = host.version
        host.scheduler.queue.sync {
            model.name.value = "ada"
            model.step.value = 3
            model.name.value = "grace"
        }
        host.scheduler.queue.sync {}  // the flush queued behind that turn
        #expect(host.version == before + 1)
        let state = try JSONParser.parse(host.snapshot.json)
        #expect(state["viewModels"]?["greeter"]?["inputs"]?["name"] == .string("grace"))
        #expect(state["viewModels"]?["greeter"]?["outputs"]?["greeting"] == .string("hello, grace"))
        #expect(state["version"] == .int(Int(before + 1)))
    }

    @Test func anUnchangedStateIsServedFromTheSameBuffer() {
        let (host, _) = makeHost()
        let first = host.snapshot.json.withUnsafeBufferPointer { $0.baseAddress }
        let second = host.snapshot.json.withUnsafeBufferPointer { $0.baseAddress }
        #expect(first == second)
    }

    @Test func aSetIsValidatedPersistedAndVersioned() throws {
        let directory = try TemporaryDirectory()
        let store = try InputStore(stateDirectory: directory.url)
        let (host, model) = makeHost(store: store)
        guard case let .success(stored)? = set(host, "step", .double(4)) else { Issue.record("set failed"); return }
        #expect(stored.value == .int(4))
        #expect(stored.version == host.version)
        #expect(host.scheduler.queue.sync { model.step.value } == 4)
        #expect(try store.loadAll().inputs.map(\.json) == ["4"])

        guard case let .failure(failure)? = set(host, "step", .int(11)) else { Issue.record("accepted 11"); return }
        #expect(failure.code == .invalidValue)
        guard case let .failure(unknown)? = set(host, "nam", .string("x")) else { Issue.record("accepted nam"); return }
        #expect(unknown.code == .unknownInput)
        #expect(try store.loadAll().inputs.count == 1)
        #expect(host.scheduler.queue.sync { model.step.value } == 4)
    }

    @Test func runsFinishFailAndTrackCommandState() throws {
        let (host, _) = makeHost()
        guard case let .finished(value, _)? = run(host, "add", .int(2)) else { Issue.record("add did not finish"); return }
        #expect(value == .int(3))
        guard case let .failed(failure)? = run(host, "fail") else { Issue.record("fail did not fail"); return }
        #expect(failure.code == .failed && failure.message == "boom")
        guard case let .failed(badArgument)? = run(host, "add") else { Issue.record("add ran without argument"); return }
        #expect(badArgument.code == .invalidArgument)

        host.scheduler.queue.sync {}
        let state = try JSONParser.parse(host.snapshot.json)["viewModels"]?["greeter"]?["commands"]
        #expect(state?["add"]?["runs"] == .int(1) && state?["add"]?["lastValue"] == .int(3))
        #expect(state?["fail"]?["lastError"]?["message"] == .string("boom"))
        #expect(state?["fail"]?["lastError"]?["at"]?.stringValue?.hasSuffix("Z") == true)
        let kinds = host.recentEvents(10).compactMap { try? JSONParser.parse($0.json)["kind"]?.stringValue }
        #expect(kinds == ["start", "finish", "start", "fail"])
        let metrics = host.metrics.render(stateVersion: host.version, controlClients: 0, httpResponses: [:])
        #expect(metrics.contains("bindery_commands_run_total{vm=\"greeter\",command=\"add\"} 1"))
        #expect(metrics.contains("bindery_commands_failed_total{vm=\"greeter\",command=\"fail\"} 1"))
    }

    @Test func aRunningCommandIsDisabledThenFinishesWhenReleased() throws {
        let (host, model) = makeHost()
        guard case .started? = run(host, "slow", wait: false) else { Issue.record("slow did not start"); return }
        host.scheduler.queue.sync {}
        let running = try JSONParser.parse(host.snapshot.json)["viewModels"]?["greeter"]?["commands"]?["slow"]
        #expect(running?["executing"] == .bool(true))
        #expect(running?["enabled"] == .bool(false))
        guard case let .failed(refused)? = run(host, "slow") else { Issue.record("ran twice"); return }
        #expect(refused.code == .disabled)

        model.releaseSlow(7)
        host.scheduler.queue.sync {}  // the run's end hops onto the scheduler
        host.scheduler.queue.sync {}  // and its flush follows
        let finished = try JSONParser.parse(host.snapshot.json)["viewModels"]?["greeter"]?["commands"]?["slow"]
        #expect(finished?["executing"] == .bool(false))
        #expect(finished?["enabled"] == .bool(true))
        #expect(finished?["lastValue"] == .int(7))
        #expect(finished?["runs"] == .int(1))
    }

    @Test func stopInterruptsRunningCommandsAndRefusesNewWork() {
        let (host, _) = makeHost()
        let done = Completion<RunOutcome>()
        host.run(viewModel: "greeter", command: "slow", argument: nil, wait: true) { done.fulfil($0) }
        host.scheduler.queue.sync {}
        host.stop()
        guard case let .failed(failure)? = done.wait() else { Issue.record("not interrupted"); return }
        #expect(failure.code == .interrupted)
        guard case let .failed(refused)? = run(host, "add", .int(1)) else { Issue.record("ran after stop"); return }
        #expect(refused.code == .unavailable)
    }

    @Test func aCommandRunningPastTheTimeoutTimesOut() {
        let (host, _) = makeHost(timeout: 0.05)
        guard case let .failed(failure)? = run(host, "slow") else { Issue.record("did not time out"); return }
        #expect(failure.code == .timedOut)
        #expect(failure.message.contains("greeter.slow"))
    }

    @Test func watchersGetSetsAndDerivedChangesButNotOtherViewModels() throws {
        let (host, _) = makeHost()
        let lines = Lock<[JSONValue]>([])
        let id = host.watch(viewModel: "greeter") { json in
            if let value = try? JSONParser.parse(json) { lines.withLock { $0.append(value) } }
        }
        let other = Completion<Int>()
        let otherID = host.watch(viewModel: "elsewhere") { _ in other.fulfil(1) }
        _ = set(host, "name", .string("lin"))
        host.scheduler.queue.sync {}
        let events: [JSONValue] = lines.withLock { $0 }
        let kinds = events.map { [$0["kind"]?.stringValue ?? "", $0["part"]?.stringValue ?? "", $0["name"]?.stringValue ?? ""] }
        #expect(kinds.contains(["set", "", "name"]))
        #expect(kinds.contains(["change", "output", "greeting"]))
        let greeting = events.first { $0["name"] == .string("greeting") }
        #expect(greeting?["value"] == .string("hello, lin"))
        // The client's own set is reported as `set`, not also as an input change.
        #expect(!kinds.contains(["change", "input", "name"]))
        host.unwatch(id)
        host.unwatch(otherID)
        #expect(host.watcherCount == 0)
    }

    @Test func aLongPollWakesOnTheNextVersion() {
        let (host, model) = makeHost()
        let version = host.version
        let woken = Completion<UInt64>()
        host.awaitSnapshot(after: version, timeout: 60) { woken.fulfil($0.version) }
        host.scheduler.queue.async { model.name.value = "x" }
        #expect(woken.wait() == version + 1)

        let expired = Completion<UInt64>()
        host.awaitSnapshot(after: host.version, timeout: 0.01) { expired.fulfil($0.version) }
        #expect(expired.wait() == host.version)
        #expect(host.waitingPolls == 0)
    }

    @Test func persistedInputsAreRestoredAndBadRowsSkipped() throws {
        let directory = try TemporaryDirectory()
        let store = try InputStore(stateDirectory: directory.url)
        try store.save(viewModel: "greeter", input: "name", json: "\"kept\"")
        try store.save(viewModel: "greeter", input: "step", json: "99")
        try store.save(viewModel: "greeter", input: "gone", json: "1")
        try store.save(viewModel: "nobody", input: "x", json: "1")
        let scheduler = QueueScheduler(name: "test.restore")
        let model = scheduler.queue.sync { GreeterViewModel() }
        let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: store)
        let warnings = host.start()
        #expect(warnings.count == 3)
        #expect(scheduler.queue.sync { model.name.value } == "kept")
        #expect(scheduler.queue.sync { model.step.value } == 1)
        #expect(host.version == 1)
    }
}
