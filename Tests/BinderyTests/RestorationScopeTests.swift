import Bindery
import Dispatch
import Foundation
import Testing

/// A chat message: the state `scan` keeps.
private struct Message: Codable, Equatable, Sendable {
    let author: String
    let text: String
}

/// What the backend says about a user name.
private enum Availability: String, Codable, Equatable, Sendable {
    case unknown, available, taken
}

/// A state type a host cannot save.
private struct Session: Equatable {
    let token: Int
}

/// A backend whose every check is counted.
private final class Backend: Sendable {
    let calls = Counter()

    func check(_ name: String) -> SignalProducer<Availability, Never> {
        SignalProducer { observer, _ in
            self.calls.increment()
            observer.send(value: name.count > 3 ? .available : .taken)
            observer.sendCompleted()
        }
    }
}

/// A view model written the way an app's is, its state inside its pipelines: messages and an
/// unread count by `scan`, the account from an action's values, an availability from a
/// debounced backend check, a count of distinct drafts through `skipRepeats`, and the last
/// user name change through `combinePrevious`.
private final class ChatViewModel {
    let draft: MutableProperty<String>
    let username: MutableProperty<String>
    let send: Action<String, Message, Never>
    let submit: Action<String, String, Never>
    let messages: Property<[Message]>
    let unreadCount: Property<Int>
    let account: Property<String?>
    let availability: Property<Availability>
    let distinctDrafts: Property<Int>
    let usernameChange: Property<String>
    /// What a later version of the code inserted after `draft`, if asked.
    let inserted: MutableProperty<Int>?

    init(incoming: Signal<Message, Never>, backend: Backend, executions: Counter, scheduler: TestScheduler, insertingAnOperator: Bool = false) {
        draft = MutableProperty("")
        inserted = insertingAnOperator ? MutableProperty(0) : nil
        username = MutableProperty("")
        send = Action { text in
            executions.increment()
            return SignalProducer(value: Message(author: "me", text: text))
        }
        submit = Action { name in
            executions.increment()
            return SignalProducer(value: name)
        }
        messages = Property(initial: [], then: Signal.merge(incoming, send.values).scan([]) { $0 + [$1] })
        unreadCount = Property(initial: 0, then: incoming.scan(0) { count, _ in count + 1 })
        account = Property(initial: nil, then: submit.values.map(Optional.some))
        availability = Property(initial: .unknown, then: username.signal.debounce(0.3, on: scheduler).flatMap(.latest) { backend.check($0) })
        distinctDrafts = Property(initial: 0, then: draft.signal.skipRepeats().scan(0) { count, _ in count + 1 })
        usernameChange = Property(initial: "", then: username.signal.combinePrevious("").map { "\($0)→\($1)" })
    }

    /// Every output, comparable as one value.
    var outputs: Outputs {
        Outputs(draft: draft.value, username: username.value, messages: messages.value, unreadCount: unreadCount.value,
                account: account.value, availability: availability.value, distinctDrafts: distinctDrafts.value,
                usernameChange: usernameChange.value)
    }

    struct Outputs: Equatable {
        let draft: String
        let username: String
        let messages: [Message]
        let unreadCount: Int
        let account: String?
        let availability: Availability
        let distinctDrafts: Int
        let usernameChange: String
    }

    /// Records every value any output sends from now on.
    func observeEveryOutput(into sent: Recorder<String>) -> [Disposable?] {
        [draft.signal.observeValues { sent.append("draft \($0)") },
         username.signal.observeValues { sent.append("username \($0)") },
         messages.signal.observeValues { sent.append("messages \($0.count)") },
         unreadCount.signal.observeValues { sent.append("unread \($0)") },
         account.signal.observeValues { sent.append("account \(String(describing: $0))") },
         availability.signal.observeValues { sent.append("availability \($0)") },
         distinctDrafts.signal.observeValues { sent.append("drafts \($0)") },
         usernameChange.signal.observeValues { sent.append("change \($0)") }]
    }
}

/// Every other seedable operator, each feeding a property: a list's rows, `sample(on:)`,
/// `withLatest(from:)`, `combineLatest(with:)`, `take(first:)` and `skip(first:)`.
private final class Dashboard {
    let rows: MutableListProperty<String>
    let sampled: Property<Int>
    let labelled: Property<String>
    let paired: Property<String>
    let firstThree: Property<[Int]>
    let afterTwo: Property<[Int]>

    /// The streams a dashboard reads.
    struct Sources {
        let numbers = Signal<Int, Never>.pipe()
        let names = Signal<String, Never>.pipe()
        let ticks = Signal<(), Never>.pipe()

        func send(numbers: [Int] = [], name: String? = nil, tick: Bool = false) {
            for number in numbers { self.numbers.input.send(value: number) }
            if let name { names.input.send(value: name) }
            if tick { ticks.input.send(value: ()) }
        }
    }

    init(_ sources: Sources) {
        rows = MutableListProperty(["a"])
        sampled = Property(initial: 0, then: sources.numbers.output.sample(on: sources.ticks.output))
        labelled = Property(initial: "", then: sources.ticks.output.withLatest(from: sources.names.output).map { $0.1 })
        paired = Property(initial: "", then: sources.numbers.output.combineLatest(with: sources.names.output).map { "\($0)\($1)" })
        firstThree = Property(initial: [], then: sources.numbers.output.take(first: 3).scan([]) { $0 + [$1] })
        afterTwo = Property(initial: [], then: sources.numbers.output.skip(first: 2).scan([]) { $0 + [$1] })
    }

    var outputs: [String] {
        [rows.value.joined(), "\(sampled.value)", labelled.value, paired.value, "\(firstThree.value)", "\(afterTwo.value)"]
    }
}

/// Seeds made of `scope`'s slots as a host makes them: each state encoded to JSON, decoded
/// again into the type the operator asks for.
private func jsonSeeds(of scope: RestorationScope) throws -> [RestorationSeed] {
    try scope.slots.compactMap { slot in
        guard let state = slot.current().value as? any Encodable else { return nil }
        let bytes = try JSONEncoder().encode(state)
        return RestorationSeed(index: slot.index, signature: slot.signature) { type in
            try JSONDecoder().decode(type, from: bytes)
        }
    }
}

/// The core of docs/RESTART-DESIGN.md: stateful operators created while a view model is built
/// take slots in construction order, and a view model built again from the slots' states
/// starts where the first one was, without sending anything or running any user code.
@Suite(.timeLimit(.minutes(1))) struct RestorationScopeTests {
    /// One chat view model, driven, then built again from its slots' states.
    private struct Rebuilt {
        let scheduler = TestScheduler()
        let backend = Backend()
        let executions = Counter()
        let incoming = Signal<Message, Never>.pipe()
        let first: ChatViewModel
        let firstScope: RestorationScope

        init() {
            let (scheduler, backend, executions, incoming) = (self.scheduler, self.backend, self.executions, self.incoming)
            (first, firstScope) = RestorationScope.building {
                ChatViewModel(incoming: incoming.output, backend: backend, executions: executions, scheduler: scheduler)
            }
            for text in ["h", "he", "he", "hey"] { first.draft.value = text }
            first.send.apply("hello").start()
            incoming.input.send(value: Message(author: "bob", text: "hi"))
            incoming.input.send(value: Message(author: "bob", text: "there?"))
            first.username.value = "al"
            scheduler.advance(by: 0.3)
            first.username.value = "alice"
            scheduler.advance(by: 0.3)
            first.submit.apply("alice").start()
        }
    }

    @Test func aViewModelBuiltFromItsSlotsStatesStartsWhereTheFirstWasWithoutRunningAnything() throws {
        let run = Rebuilt()
        let expected = ChatViewModel.Outputs(
            draft: "hey", username: "alice",
            messages: [Message(author: "me", text: "hello"), Message(author: "bob", text: "hi"), Message(author: "bob", text: "there?")],
            unreadCount: 2, account: "alice", availability: .available, distinctDrafts: 3, usernameChange: "al→alice")
        #expect(run.first.outputs == expected)
        #expect(run.backend.calls.count == 2)
        #expect(run.executions.count == 2)
        #expect(run.firstScope.slots.map(\.signature) == [
            "MutableProperty:String", "MutableProperty:String",
            "scan:Array<Message>", "Property:Array<Message>",
            "scan:Int", "Property:Int",
            "Property:Optional<String>",
            "Property:Availability",
            "skipRepeats:Optional<String>", "scan:Int", "Property:Int",
            "combinePrevious:Optional<String>", "Property:String",
        ])
        #expect(run.firstScope.slots.allSatisfy { $0.outcome == .fresh })

        let seeds = try jsonSeeds(of: run.firstScope)
        let sentDuringConstruction = Recorder<String>()
        let incoming = Signal<Message, Never>.pipe()
        let (second, scope) = RestorationScope.building(from: seeds) {
            let model = ChatViewModel(incoming: incoming.output, backend: run.backend, executions: run.executions, scheduler: run.scheduler)
            _ = model.observeEveryOutput(into: sentDuringConstruction)
            return model
        }
        run.scheduler.advance(by: 10)

        #expect(second.outputs == expected)
        #expect(scope.slots.count == seeds.count)
        #expect(scope.slots.allSatisfy { $0.outcome == .seeded }, "\(scope.slots)")
        #expect(scope.mismatch == nil)
        // Nothing ran: no operator recorded a change, no output sent, no backend call, no execution.
        #expect(scope.slots.allSatisfy { $0.current().changes == 0 })
        #expect(sentDuringConstruction.all.isEmpty)
        #expect(run.backend.calls.count == 2)
        #expect(run.executions.count == 2)
        #expect(!second.send.isExecuting.value && !second.submit.isExecuting.value)
        // A property's producer still starts with its current (seeded) value, and only it.
        var replayed: [[Message]] = []
        second.messages.producer.startWithValues { replayed.append($0) }.dispose()
        #expect(replayed == [expected.messages])
    }

    @Test func theOperatorsInsideThePipelinesGoOnFromTheirSeededState() throws {
        let run = Rebuilt()
        let incoming = Signal<Message, Never>.pipe()
        let (second, _) = try RestorationScope.building(from: jsonSeeds(of: run.firstScope)) {
            ChatViewModel(incoming: incoming.output, backend: run.backend, executions: run.executions, scheduler: run.scheduler)
        }
        // The same inputs, to both: `skipRepeats` drops the draft it last let through,
        // `combinePrevious` pairs with the name before, each `scan` goes on from its sum.
        for model in [run.first, second] {
            model.draft.value = "hey"
            model.username.value = "bob"
            model.send.apply("again").start()
        }
        run.incoming.input.send(value: Message(author: "bob", text: "ok"))
        incoming.input.send(value: Message(author: "bob", text: "ok"))
        run.scheduler.advance(by: 0.3)

        #expect(second.outputs == run.first.outputs)
        #expect(second.distinctDrafts.value == 3)
        #expect(second.usernameChange.value == "alice→bob")
        #expect(second.unreadCount.value == 3)
        #expect(second.messages.value.count == 5)
        #expect(second.availability.value == .taken)
    }

    @Test func everyOtherSeedableOperatorGoesOnFromItsSeed() throws {
        let firstSources = Dashboard.Sources()
        let (first, firstScope) = RestorationScope.building { Dashboard(firstSources) }
        first.rows.append("b")
        firstSources.send(numbers: [1, 2], name: "x")
        #expect(firstScope.slots.map(\.signature) == [
            "MutableListProperty:Array<String>",
            "sample:Optional<Int>", "Property:Int",
            "withLatest:Optional<String>", "Property:String",
            "combineLatest:Optional<Int>", "combineLatest:Optional<String>", "Property:String",
            "take:Int", "scan:Array<Int>", "Property:Array<Int>",
            "skip:Int", "scan:Array<Int>", "Property:Array<Int>",
        ])
        #expect(firstScope.slots[0].current().changes == 1)
        #expect(first.outputs == ["ab", "0", "", "2x", "[1, 2]", "[]"])

        let secondSources = Dashboard.Sources()
        let (second, scope) = try RestorationScope.building(from: jsonSeeds(of: firstScope)) { Dashboard(secondSources) }
        #expect(scope.slots.allSatisfy { $0.outcome == .seeded }, "\(scope.slots)")
        #expect(second.outputs == first.outputs)
        // The same events to both: the sampled value, the label and the other side of the pair
        // come from the seeds; the counts of `take` and `skip` go on from theirs.
        for (sources, model) in [(firstSources, first), (secondSources, second)] {
            sources.send(tick: true)
            sources.send(numbers: [3, 4])
            model.rows.append("c")
        }
        #expect(second.outputs == ["abc", "2", "x", "4x", "[1, 2, 3]", "[3, 4]"])
        #expect(second.outputs == first.outputs)
    }

    @Test func aSlotHoldsItsOperatorsLatestStateAndCountsItsChanges() {
        let (property, scope) = RestorationScope.building { MutableProperty(1) }
        #expect(scope.slots.count == 1)
        #expect(scope.slots[0].current().changes == 0)
        #expect(scope.slots[0].current().value as? Int == 1)
        property.value = 2
        property.value = 3
        let (changes, value) = scope.slots[0].current()
        #expect(changes == 2)
        #expect(value as? Int == 3)
    }

    @Test func anInsertedOperatorStartsItAndEveryLaterSlotFreshAsMismatched() throws {
        let run = Rebuilt()
        let incoming = Signal<Message, Never>.pipe()
        let (changed, scope) = try RestorationScope.building(from: jsonSeeds(of: run.firstScope)) {
            ChatViewModel(incoming: incoming.output, backend: run.backend, executions: run.executions, scheduler: run.scheduler,
                          insertingAnOperator: true)
        }
        let outcomes = scope.slots.map(\.outcome)
        #expect(outcomes.first == .seeded)
        #expect(outcomes.dropFirst().allSatisfy { $0 == .mismatched })
        let mismatch = try #require(scope.mismatch)
        #expect(mismatch.index == 1)
        #expect(mismatch.signature == "MutableProperty:Int")
        #expect(mismatch.savedSignature == "MutableProperty:String")
        #expect(mismatch.reason == .signatureDiffers)
        #expect(mismatch.description == "slot 1: saved as MutableProperty:String, now MutableProperty:Int; this slot and the later ones start fresh")
        #expect(changed.draft.value == "hey")
        #expect(changed.username.value == "")
        #expect(changed.messages.value.isEmpty)
        #expect(changed.account.value == nil)
        #expect(changed.availability.value == .unknown)
        #expect(run.backend.calls.count == 2)
    }

    @Test func aSeedThatDoesNotDecodeIsAMismatch() {
        let (property, scope) = RestorationScope.building(from: [RestorationSeed(index: 0, signature: "MutableProperty:Int", value: "seven")]) {
            MutableProperty(0)
        }
        #expect(property.value == 0)
        #expect(scope.slots.map(\.outcome) == [.mismatched])
        #expect(scope.mismatch?.reason == .undecodable("the seed holds a String, the operator keeps a Int"))
    }

    @Test func aStateThatIsNotCodableIsNeverSeededAndSaysSo() {
        let seed = RestorationSeed(index: 0, signature: "MutableProperty:Session", value: 7)
        let (session, scope) = RestorationScope.building(from: [seed]) { MutableProperty(Session(token: 1)) }
        #expect(session.value == Session(token: 1))
        #expect(scope.slots.map(\.outcome) == [.notCodable(typeName: "Session")])
        #expect(scope.mismatch == nil)
        #expect(!(scope.slots[0].current().value is any Encodable))
    }

    @Test func anInProcessSeedOfTheRightTypeIsUsedAsItIs() {
        let seeds = [RestorationSeed(index: 0, signature: "scan:Int", value: 40), RestorationSeed(index: 1, signature: "Property:Int", value: 40)]
        let ticks = Signal<Int, Never>.pipe()
        let (total, scope) = RestorationScope.building(from: seeds) { Property(initial: 0, then: ticks.output.scan(0, +)) }
        #expect(scope.slots.map(\.outcome) == [.seeded, .seeded])
        #expect(total.value == 40)
        ticks.input.send(value: 2)
        #expect(total.value == 42)
        #expect(scope.slots.map { $0.current().value as? Int } == [42, 42])
    }

    @Test func operatorsMadeOutsideAScopeAndProducersOperatorsHaveNoSlot() {
        let before = MutableProperty(0)
        let source = Signal<Int, Never>.pipe()
        let (_, scope) = RestorationScope.building {
            // A producer's operators are fresh per run: no slot, even started inside the scope.
            Property(replaying: before.producer.scan(0, +).skipRepeats().combinePrevious(0).map { $0.1 })
        }
        let after = MutableProperty(1)
        let derived = Property(initial: 0, then: source.output.scan(0, +))
        after.value = 2
        source.input.send(value: 5)
        #expect(scope.slots.isEmpty)
        #expect(derived.value == 5)
        #expect(before.value == 0)
    }

    @Test func aPropertyWithASlotStopsItsFeedWhenItGoesAsAnyOtherDoes() {
        let source = Signal<Int, Never>.pipe()
        let stopped = Counter()
        let feed = SignalProducer(source.output).on(disposed: { stopped.increment() })
        var (property, scope): (Property<Int>?, RestorationScope) = RestorationScope.building { Property(initial: 0, then: feed) }
        source.input.send(value: 4)
        #expect(property?.value == 4)
        #expect(scope.slots.map { $0.current().value as? Int } == [4])
        property = nil
        // The slot is written by the feed, not by an observer that would keep it running.
        #expect(stopped.count == 1)
        source.input.send(value: 5)
        #expect(scope.slots.map { $0.current().value as? Int } == [4])
    }

    @Test func anActionsOwnStateTakesNoSlot() {
        let (action, scope) = RestorationScope.building { Action<Int, Int, Never> { SignalProducer(value: $0) } }
        action.apply(1).start()
        #expect(scope.slots.isEmpty)
    }

    @Test func scopesOpenOnTwoThreadsAtOnceDoNotShareSlots() {
        // The two threads take turns, one operator each, so their constructions interleave.
        let turns = (DispatchSemaphore(value: 1), DispatchSemaphore(value: 0))
        let scopes = Recorder<(String, RestorationScope)>()
        let done = DispatchGroup()
        let count = 50
        for (name, mine, theirs) in [("a", turns.0, turns.1), ("b", turns.1, turns.0)] {
            done.enter()
            Thread.detachNewThread {
                let (properties, scope) = RestorationScope.building {
                    (0..<count).map { index -> MutableProperty<String> in
                        _ = mine.wait(timeout: .now() + 10)
                        defer { theirs.signal() }
                        return MutableProperty("\(name)\(index)")
                    }
                }
                withExtendedLifetime(properties) { scopes.append((name, scope)) }
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(scopes.count == 2)
        for (name, scope) in scopes.all {
            #expect(scope.slots.map(\.index) == Array(0..<count))
            #expect(scope.slots.map { $0.current().value as? String } == (0..<count).map { "\(name)\($0)" })
        }
    }

    @Test func aScopeOpenedWhileBuildingTakesWhatIsBuiltInsideItAndTheOuterGoesOn() {
        let (inner, outer) = RestorationScope.building { () -> RestorationScope in
            _ = MutableProperty("outer 0")
            let (_, inner) = RestorationScope.building { MutableProperty(1) }
            _ = MutableProperty("outer 1")
            return inner
        }
        #expect(inner.slots.map(\.signature) == ["MutableProperty:Int"])
        #expect(outer.slots.map { $0.current().value as? String } == ["outer 0", "outer 1"])
    }
}
