import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct PropertyTests {
    @Test func mutablePropertyHoldsAndSendsItsValue() {
        let property = MutableProperty(1)
        let changes = Recorder<Seen<Int>>()
        let current = Recorder<Seen<Int>>()
        property.signal.record(into: changes)
        property.producer.record(into: current)
        property.value = 2
        #expect(property.value == 2)
        #expect(changes.all == [.value(2)])
        #expect(current.all == [.value(1), .value(2)])
    }

    @Test func modifyAndSwapAreAtomicAndNotify() {
        let property = MutableProperty(10)
        let changes = Recorder<Int>()
        property.signal.observeValues { changes.append($0) }
        let returned = property.modify { value -> String in
            value += 5
            return "done"
        }
        let old = property.swap(3)
        #expect(returned == "done")
        #expect(old == 15)
        #expect(property.value == 3)
        #expect(changes.all == [15, 3])
    }

    @Test func deinitCompletesSignalAndProducerRuns() {
        let changes = Recorder<Seen<Int>>()
        let current = Recorder<Seen<Int>>()
        do {
            let property = MutableProperty(1)
            property.signal.record(into: changes)
            property.producer.record(into: current)
            property.value = 2
        }
        #expect(changes.all == [.value(2), .completed])
        #expect(current.all == [.value(1), .value(2), .completed])
    }

    @Test func constantPropertyReplaysItsValueThenCompletes() {
        let constant = Property(value: "fixed")
        #expect(constant.value == "fixed")
        #expect(constant.producer.events() == [.value("fixed"), .completed])
    }

    @Test func readOnlyViewSharesTheMutableValue() {
        let source = MutableProperty(1)
        let view = Property(source)
        let seen = Recorder<Int>()
        view.producer.startWithValues { seen.append($0) }
        source.value = 2
        #expect(view.value == 2)
        #expect(seen.all == [1, 2])
    }

    @Test func initialThenSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let property = Property(initial: 0, then: signal)
        #expect(property.value == 0)
        input.send(value: 4)
        #expect(property.value == 4)
    }

    @Test func initialThenProducerStartsItsRunOnce() {
        let starts = Counter()
        let property = Property(initial: 0, then: SignalProducer<Int, Never> { observer, _ in
            starts.increment()
            observer.send(value: 9)
        })
        #expect(property.value == 9)
        #expect(starts.count == 1)
    }

    @Test func mapCombineLatestSkipRepeats() {
        let a = MutableProperty(1)
        let b = MutableProperty("x")
        let doubled = a.map { $0 * 2 }
        let pair = a.combineLatest(with: b)
        let repeatsSkipped = a.skipRepeats()
        let pairs = Recorder<String>()
        let distinct = Recorder<Int>()
        pair.producer.startWithValues { pairs.append("\($0.0)\($0.1)") }
        repeatsSkipped.producer.startWithValues { distinct.append($0) }
        a.value = 2
        a.value = 2
        b.value = "y"
        #expect(doubled.value == 4)
        #expect(pair.value == (2, "y"))
        #expect(pairs.all == ["1x", "2x", "2x", "2y"])
        #expect(distinct.all == [1, 2])
    }

    @Test func chainedDerivedPropertiesKeepUpdating() {
        // The intermediate property is not referenced by the test: the derived one must keep it
        // (or its feed) alive.
        let source = MutableProperty(1)
        let chained = source.map { $0 + 1 }.map { $0 * 10 }
        source.value = 5
        #expect(chained.value == 60)
        let combined = Property.combineLatest(source, MutableProperty(2)).map { $0 + $1 }
        source.value = 7
        #expect(combined.value == 9)
    }

    @Test func threeWayCombineLatest() {
        let a = MutableProperty(1)
        let b = MutableProperty(2)
        let c = MutableProperty(3)
        let all = Property.combineLatest(a, b, c)
        c.value = 30
        #expect(all.value == (1, 2, 30))
    }

    @Test func flatMapLatestFollowsTheCurrentInnerProperty() {
        let useFirst = MutableProperty(true)
        let first = MutableProperty("a")
        let second = MutableProperty("b")
        let chosen = useFirst.flatMap(.latest) { $0 ? first : second }
        #expect(chosen.value == "a")
        useFirst.value = false
        #expect(chosen.value == "b")
        first.value = "a2"
        #expect(chosen.value == "b")
        second.value = "b2"
        #expect(chosen.value == "b2")
    }

    /// As in ReactiveSwift: composed properties and `Property(_:)` do not retain their source;
    /// their producer and signal complete when it goes, and they keep its last value.
    @Test func derivedPropertiesDoNotRetainTheirSourceAndCompleteWithIt() {
        weak var weakSource: MutableProperty<Int>?
        let completed = Counter()
        let producerCompleted = Counter()
        var derived: [Property<Int>] = []
        do {
            let source = MutableProperty(1)
            weakSource = source
            let other = MutableProperty(10)
            derived = [
                source.map { $0 * 3 },
                Property(source),
                source.skipRepeats(),
                Property.combineLatest(source, other).map { $0 + $1 },
            ]
            for property in derived {
                property.signal.observeCompleted { completed.increment() }
                property.producer.startWithCompleted { producerCompleted.increment() }
            }
            source.value = 2
        }
        #expect(weakSource == nil, "no derived property keeps its source")
        #expect(completed.count == 4)
        #expect(producerCompleted.count == 4)
        #expect(derived.map(\.value) == [6, 2, 2, 12], "the last value stays")
    }

    @Test func aChainOfDerivedPropertiesKeepsWorkingWithoutItsIntermediates() {
        let source = MutableProperty(1)
        weak var weakIntermediate: Property<Int>?
        let end: Property<String>
        do {
            let intermediate = source.map { $0 + 1 }
            weakIntermediate = intermediate
            end = intermediate.map { "\($0)" }
        }
        #expect(weakIntermediate == nil)
        source.value = 5
        #expect(end.value == "6")
    }

    @Test func propertyCapturingRetainsItsSource() {
        weak var weakSource: MutableProperty<Int>?
        var captured: Property<Int>?
        do {
            let source = MutableProperty(1)
            weakSource = source
            captured = Property(capturing: source)
        }
        #expect(weakSource != nil)
        weakSource?.value = 2
        #expect(captured?.value == 2)
        captured = nil
        #expect(weakSource == nil)
    }
}
