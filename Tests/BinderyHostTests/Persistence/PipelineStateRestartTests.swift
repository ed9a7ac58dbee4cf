import Bindery
import BinderyHost
import BinderyJSON
import BinderyPersistence
import BinderySystemd
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// What the fake backend says about a user name.
private enum Availability: String, Codable, SurfaceRepresentable, Sendable { case unknown, checking, available, taken }

/// The account `submit` makes: a Codable struct, no `surfaceValue` written for it.
private struct Account: Codable, Equatable, Sendable, SurfaceRepresentable {
    var name: String
    var number: Int
}

/// Why an email is refused.
private enum EmailError: Error { case missingAt }

/// Counts what happened, from any thread.
private final class Tally: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}

/// A backend whose availability check answers one second later on a test scheduler, counting
/// every check.
private final class FakeAvailabilityService: Sendable {
    let scheduler: TestScheduler
    let calls = Tally()

    init(scheduler: TestScheduler) { self.scheduler = scheduler }

    func check(_ name: String) -> SignalProducer<Availability, Never> {
        SignalProducer(value: name.count > 3 ? Availability.available : .taken)
            .on(started: { [calls] in calls.increment() })
            .delay(1, on: scheduler)
    }
}

/// A sign-up form written as an app's view model is, its state inside its pipelines: a
/// debounced availability check through flatMap(.latest) into a Property(initial:then:), an
/// account from a Codable Action output, a log accumulated by scan from the Action's values
/// merged with an outside signal, the last rename by combinePrevious, a count of distinct names
/// through skipRepeats, and an email checked by a ValidatingProperty.
private final class SignupViewModel: ViewModel {
    public let username = MutableProperty("")
    let availability: Property<Availability>
    let isValid: Property<Bool>
    let account: Property<Account?>
    let log: Property<[String]>
    let lastRename: Property<String>
    let distinctNames: Property<Int>
    public let emailDraft = MutableProperty("")
    private let email = ValidatingProperty("") { $0.isEmpty || $0.contains("@") ? .valid : .invalid(EmailError.missingAt) }
    let emailProblem: Property<String?>
    let emailAddress: Property<String>
    let submit: Action<Void, Account, Never>
    /// What a later version of the code inserted after the members declared with their values
    /// (`username`, `emailDraft`, `email`), if asked.
    let inserted: MutableProperty<Int>?

    init(service: FakeAvailabilityService, news: Signal<String, Never>, executions: Tally, insertingAnOperator: Bool = false) {
        inserted = insertingAnOperator ? MutableProperty(0) : nil
        let username = username
        availability = Property(initial: .unknown, then: username.signal.debounce(0.3, on: service.scheduler)
            .flatMap(.latest) { service.check($0).prefix(value: .checking) })
        isValid = availability.map { $0 == .available }
        submit = Action(enabledIf: isValid) {
            executions.increment()
            return SignalProducer(value: Account(name: username.value, number: username.value.count))
        }
        account = Property(initial: nil, then: submit.values.map(Optional.some))
        log = Property(initial: [], then: Signal.merge(submit.values.map { "signed up \($0.name)" }, news).scan([]) { $0 + [$1] })
        lastRename = Property(initial: "", then: username.signal.combinePrevious("").map { "\($0) → \($1)" })
        distinctNames = Property(initial: 0, then: username.signal.skipRepeats().scan(0) { count, _ in count + 1 })
        email <~ emailDraft.signal
        emailProblem = email.result.map { $0.isInvalid ? "an email needs an @" : nil }
        emailAddress = email.map { $0 }
    }

    var surface: Surface { Surface(self, name: "signup") }
}

/// A restart builds the view models from their operators' saved states (docs/CONTRACTS.md
/// §11): the first version after it shows exactly what the last before it showed, with no
/// run, no backend call and no version while pipelines settle.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct PipelineStateRestartTests {
    /// The fake backend's clock and the counts that outlive each hosting.
    private let clock = TestScheduler()
    private let executions = Tally()

    /// One hosting of the sign-up form on the state in `directory`.
    private struct Hosted {
        let host: ViewModelHost
        let model: SignupViewModel
        let news: Signal<String, Never>.Observer
        let warnings: [String]
    }

    private func host(_ directory: TemporaryDirectory, service: FakeAvailabilityService, insertingAnOperator: Bool = false) throws -> Hosted {
        let store = try InputStore(stateDirectory: directory.url)
        let scheduler = QueueScheduler(name: "test.pipeline-state")
        let news = Signal<String, Never>.pipe()
        let (model, slots) = scheduler.queue.sync {
            ViewModelSlots.build(from: store) {
                SignupViewModel(service: service, news: news.output, executions: executions, insertingAnOperator: insertingAnOperator)
            }
        }
        let host = ViewModelHost(viewModels: [model], slots: slots, scheduler: scheduler, store: store)
        return Hosted(host: host, model: model, news: news.input, warnings: host.start())
    }

    private func read(_ host: ViewModelHost) throws -> JSONValue {
        let done = Completion<Result<ViewModelHost.Reading, HostFailure>>()
        host.read(viewModel: "signup", name: nil) { done.fulfil($0) }
        return try JSONParser.parse(try #require(done.wait()).get().json)
    }

    private func set(_ host: ViewModelHost, _ name: String, _ value: SurfaceValue) {
        let done = Completion<Result<(value: SurfaceValue, version: UInt64), HostFailure>>()
        host.set(viewModel: "signup", input: name, value: value) { done.fulfil($0) }
        #expect((try? done.wait()?.get()) != nil)
    }

    /// Advances the backend's clock on the host's scheduler (where the view model lives).
    private func advance(_ hosted: Hosted, by seconds: Double) {
        hosted.host.scheduler.queue.sync { clock.advance(by: seconds) }
    }

    /// Waits until the published state of `hosted` satisfies `condition`.
    private func waitFor(_ hosted: Hosted, _ what: String, _ condition: (JSONValue) -> Bool) throws {
        let reached = try waitUntil { condition(try read(hosted.host)) }
        let last = try read(hosted.host).serialized
        #expect(reached, "never reached: \(what); state \(last)")
    }

    /// Drives the form: a taken name (and a submit the view model applies while it is
    /// disabled: refused), an available one, news from outside, a submit.
    private func fill(_ hosted: Hosted) throws {
        set(hosted.host, "username", .string("al"))
        advance(hosted, by: 1.3)
        try waitFor(hosted, "al is taken") { $0["outputs"]?["availability"] == .string("taken") }
        // The view model applies its own submit while it is disabled: refused, and counted.
        hosted.host.scheduler.queue.sync { _ = hosted.model.submit.apply().start() }
        try waitFor(hosted, "the refused submit is counted") { $0["commands"]?["submit"]?["refused"]?.intValue == 1 }
        set(hosted.host, "emailDraft", .string("alice@example.org"))
        set(hosted.host, "username", .string("alice"))
        advance(hosted, by: 1.3)
        try waitFor(hosted, "alice is available") { $0["outputs"]?["isValid"] == .bool(true) }
        hosted.host.scheduler.queue.sync { hosted.news.send(value: "maintenance tonight") }
        try waitFor(hosted, "the news is logged") { $0["outputs"]?["log"]?.arrayValue?.count == 1 }
        let done = Completion<RunOutcome>()
        hosted.host.run(viewModel: "signup", command: "submit", argument: nil, wait: true) { done.fulfil($0) }
        guard case .finished = done.wait() else { Issue.record("submit did not succeed"); return }
    }

    @Test func theFirstVersionAfterARestartIsTheLastBeforeItAndNothingRuns() throws {
        let directory = try TemporaryDirectory()
        let service = FakeAvailabilityService(scheduler: clock)
        let first = try host(directory, service: service)
        #expect(first.warnings.isEmpty, "\(first.warnings)")
        try fill(first)
        let before = try read(first.host)
        #expect(before["outputs"]?["account"] == .object([("name", .string("alice")), ("number", .int(5))]), "\(before.serialized)")
        #expect(before["outputs"]?["log"] == .array([.string("maintenance tonight"), .string("signed up alice")]))
        #expect(before["outputs"]?["lastRename"] == .string("al → alice"))
        #expect(before["outputs"]?["distinctNames"] == .int(2))
        #expect(before["outputs"]?["emailAddress"] == .string("alice@example.org"))
        #expect(before["outputs"]?["availability"] == .string("available"))
        #expect(before["commands"]?["submit"]?["refused"]?.intValue == 1)
        let lastVersion = first.host.version
        let (calls, runs) = (service.calls.value, executions.value)
        #expect(calls == 2 && runs == 1)
        first.host.stop()

        let second = try host(directory, service: service)
        #expect(second.warnings.isEmpty, "\(second.warnings)")
        let after = try read(second.host)
        #expect(second.host.version == lastVersion + 1, "one version: the restart's")
        for part in ["inputs", "outputs", "commands"] {
            for (name, value) in before[part]?.objectValue ?? [] {
                #expect(after[part]?[name] == value, "\(part).\(name) was \(value.serialized), is \(after[part]?[name]?.serialized ?? "missing")")
            }
        }
        #expect(after["resetAfterRestart"] == nil)
        // Nothing settles afterwards either: no backend call, no run, no version.
        advance(second, by: 10)
        second.host.scheduler.queue.sync {}
        #expect(service.calls.value == calls)
        #expect(executions.value == runs)
        #expect(second.host.version == lastVersion + 1)
        let logged = second.host.events(after: lastVersion).events.compactMap { try? JSONParser.parse($0.json)["kind"]?.stringValue }
        #expect(logged == ["restart"])
        // And the pipelines go on from where they were: "alice" again is no new name, the next
        // rename pairs with "alice", the email is checked from where it was.
        second.host.scheduler.queue.sync { second.model.username.value = "alice" }
        set(second.host, "username", .string("bob"))
        try waitFor(second, "the rename from alice") { $0["outputs"]?["lastRename"] == .string("alice → bob") }
        #expect(try read(second.host)["outputs"]?["distinctNames"] == .int(3))
        set(second.host, "emailDraft", .string("alice"))
        try waitFor(second, "the email is refused") { $0["outputs"]?["emailProblem"] == .string("an email needs an @") }
        #expect(try read(second.host)["outputs"]?["emailAddress"] == .string("alice@example.org"))
        second.host.scheduler.queue.sync { second.news.send(value: "back up") }
        try waitFor(second, "the log goes on") { $0["outputs"]?["log"]?.arrayValue?.count == 3 }
        second.host.stop()
    }

    @Test func codeThatChangedResetsWhatFollowsSaysSoAndTheNextRestartComparesWithIt() throws {
        let directory = try TemporaryDirectory()
        let service = FakeAvailabilityService(scheduler: clock)
        let first = try host(directory, service: service)
        try fill(first)
        first.host.stop()

        // An operator inserted after the members declared with their values: from it on nothing matches.
        let changed = try host(directory, service: service, insertingAnOperator: true)
        #expect(changed.warnings.contains { $0.contains("slot 3: saved as Property:Availability, now MutableProperty:Int") },
                "\(changed.warnings)")
        let state = try read(changed.host)
        // The input is settled as before the seeds; what lived only in pipelines is reset and named.
        #expect(state["inputs"]?["username"] == .string("alice"))
        let reset = Set(state["resetAfterRestart"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        #expect(reset.isSuperset(of: ["account", "log"]), "\(state.serialized)")
        changed.host.stop()

        // The same changed code again: everything comes back (`username`, seeded before the
        // mismatch, too: the scope was saved anew whole), nothing is named reset.
        let again = try host(directory, service: service, insertingAnOperator: true)
        #expect(again.warnings.isEmpty, "\(again.warnings)")
        let restored = try read(again.host)
        #expect(restored["resetAfterRestart"] == nil, "\(restored.serialized)")
        #expect(restored["outputs"] == state["outputs"], "\(restored.serialized)\n  was \(state.serialized)")
        again.host.stop()
    }
}
