import Bindery
import FoundationEssentials
import Testing

/// A search screen as the guide writes one: a debounced query starts the search command
/// (`search <~ …`), and outputs are fed by time operators, producers, flatten strategies and
/// the command's own values. Nothing here declares what composition can show.
private final class StreamsViewModel: ViewModel {
    let query = MutableProperty("")
    let sort = MutableProperty("relevance")
    let page = MutableProperty(0)
    let debounced: Property<String>
    let throttled: Property<String>
    let delayed: Property<String>
    let observed: Property<String>
    let sampled: Property<String>
    let latest: Property<String>
    let merged: Property<String>
    let flattened: Property<Int>
    let concatenated: Property<String>
    let combined: Property<String>
    let zipped: Property<String>
    let replayed: Property<String>
    let ticks: Property<Int>
    let fixed: Property<Int>
    let found: Property<Int>
    let search: Action<Void, Int, Never>
    let refresh: Action<Void, Int, Never>
    let _tick = MutableProperty(())

    init(scheduler: TestScheduler) {
        let (query, sort, page) = (query, sort, page)
        debounced = Property(initial: "", then: query.signal.debounce(0.3, on: scheduler))
        throttled = Property(initial: "", then: query.signal.throttle(0.3, on: scheduler))
        delayed = Property(initial: "", then: query.producer.delay(0.3, on: scheduler))
        observed = Property(initial: "", then: query.signal.observe(on: scheduler).map { $0.lowercased() })
        sampled = Property(initial: "", then: query.signal.sample(on: _tick.signal))
        latest = Property(initial: "", then: query.signal.withLatest(from: sort.producer).map { "\($0) by \($1)" })
        merged = Property(initial: "", then: Signal.merge(query.signal, sort.signal))
        flattened = Property(initial: 0, then: query.producer.flatMap(.latest) { SignalProducer(value: $0.count) })
        concatenated = Property(initial: "", then: query.producer.take(first: 1).concat(sort.producer))
        combined = Property(replaying: query.producer.combineLatest(with: sort.producer).map { "\($0) by \($1)" })
        zipped = Property(initial: "", then: SignalProducer.zip(query.producer, page.producer).map { "\($0) p\($1)" })
        replayed = Property(initial: "", then: query.producer.skipRepeats().replayLazily(upTo: 1).on(value: { _ in }))
        ticks = Property(initial: 0, then: SignalProducer.timer(interval: .seconds(1), on: scheduler).map { _ in 1 })
        fixed = Property(initial: 0, then: SignalProducer(value: 1))
        search = Action { SignalProducer(value: query.value.count + sort.value.count) }
        refresh = Action { SignalProducer(value: page.value) }
        found = Property(initial: 0, then: search.values)
        search <~ query.signal.debounce(0.3, on: scheduler).map { _ in () }
        refresh <~ Signal.merge(sort.signal.map { _ in () }, page.signal.throttle(1, on: scheduler).map { _ in () })
    }

    var surface: Surface {
        Surface(self) {
            // The search reads `sort` inside its work, which composition cannot see.
            $0.derive(\.search, from: \.query, \.sort)
            // A timer is not a member: composition cannot say what it derives from.
            $0.derive(\.ticks, from: \.page)
        }
    }
}

private func derivations(_ surface: Surface) -> [String: [String]] {
    var found: [String: [String]] = [:]
    for output in surface.outputs { found[output.name] = output.derivesFrom }
    for command in surface.commands { found[command.name] = command.enabledDerivesFrom }
    return found
}

@Suite struct StreamLineageTests {
    @Test func timeOperatorsKeepTheirSourcesLineage() {
        let found = derivations(StreamsViewModel(scheduler: TestScheduler()).surface)
        #expect(found["debounced"] == ["query"])
        #expect(found["throttled"] == ["query"])
        #expect(found["delayed"] == ["query"])
        #expect(found["observed"] == ["query"], "observe(on:), then map")
        #expect(found["sampled"] == ["query"], "the sampler is not a member")
    }

    @Test func operatorsOverSeveralStreamsDeriveFromAllOfThem() {
        let found = derivations(StreamsViewModel(scheduler: TestScheduler()).surface)
        #expect(found["latest"] == ["query", "sort"])
        #expect(found["merged"] == ["query", "sort"])
        #expect(found["concatenated"] == ["query", "sort"])
        #expect(found["combined"] == ["query", "sort"], "Property(replaying:) of a producer")
        #expect(found["zipped"] == ["query", "page"])
        #expect(found["replayed"] == ["query"], "skipRepeats, replayLazily, on(value:)")
    }

    @Test func producersAndFlattenStrategiesShowWhatTheyKnow() {
        let found = derivations(StreamsViewModel(scheduler: TestScheduler()).surface)
        #expect(found["flattened"] == ["query"], "the outer stream; its inner ones are made per value")
        #expect(found["fixed"] == [], "a producer of a constant never changes")
        #expect(found["ticks"] == ["page"], "a timer is not a member: the declaration adds")
        #expect(found["found"] == ["search"], "an action's values derive from the action")
    }

    @Test func aCommandBoundToAStreamIsStartedByItsSources() {
        let surface = StreamsViewModel(scheduler: TestScheduler()).surface
        let search = surface.commands.first { $0.name == "search" }
        let refresh = surface.commands.first { $0.name == "refresh" }
        #expect(search?.startedBy == ["query"], "through debounce and map")
        #expect(search?.enabledDerivesFrom == ["sort"], "declared: what its work reads, not what starts it again")
        #expect(refresh?.startedBy == ["sort", "page"], "a merge of a throttled input and another")
        #expect(refresh?.enabledDerivesFrom == [])
    }

    @Test func theBoundCommandRunsWhenItsSourceSettles() {
        let scheduler = TestScheduler()
        let model = StreamsViewModel(scheduler: scheduler)
        model.query.value = "swift"
        model.query.value = "swift on linux"
        #expect(model.found.value == 0, "debounced: nothing before 0.3 s")
        scheduler.advance(by: .milliseconds(300))
        #expect(model.found.value == "swift on linux".count + "relevance".count)
        #expect(model.debounced.value == "swift on linux")
    }

    @Test func aContradictingStreamDeclarationIsOneProblemNamingBothSides() {
        final class Debounced: ViewModel {
            let query = MutableProperty("")
            let sort = MutableProperty("")
            let settled: Property<String>
            init() { settled = Property(initial: "", then: query.signal.debounce(0.3, on: TestScheduler())) }
            var surface: Surface { Surface(self) { $0.derive(\.settled, from: \.sort) } }
        }
        let problems = Debounced().surface.problems
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("debounced: settled is declared to derive from sort, but its code composes it from query") == true, "\(problems)")
        #expect(problems.first?.contains("\n") == false, "one line: \(problems)")
    }

    @Test func recordingLineageKeepsNoSourceAlive() {
        weak var weakSource: MutableProperty<String>?
        var settled: Property<String>?
        let scheduler = TestScheduler()
        do {
            let source = MutableProperty("a")
            weakSource = source
            settled = Property(initial: "", then: source.producer.debounce(0.1, on: scheduler))
            scheduler.advance(by: .milliseconds(100))
        }
        #expect(weakSource == nil, "a stream's lineage holds the source's core, not the property")
        #expect(settled?.value == "a")
    }
}
