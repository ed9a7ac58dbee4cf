// ReactiveSwift's Signal operators, written as ReactiveSwift users write it: nothing here is
// Bindery-specific, so it reads (and should compile) the same with `import ReactiveSwift`. Each
// test states ReactiveSwift's documented behaviour.
import Bindery
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftSignalAPITests {
    @Test func combinePrevious() {
        let (signal, observer) = Signal<Int, Never>.pipe()
        var pairs: [String] = []
        signal.combinePrevious(0).observeValues { pairs.append("\($0)→\($1)") }
        var withoutInitial: [String] = []
        signal.combinePrevious().observeValues { withoutInitial.append("\($0)→\($1)") }
        observer.send(value: 1)
        observer.send(value: 2)
        observer.send(value: 3)
        #expect(pairs == ["0→1", "1→2", "2→3"])
        #expect(withoutInitial == ["1→2", "2→3"])
    }

    @Test func sampleOnAndSampleWith() {
        let (signal, observer) = Signal<Int, Never>.pipe()
        let (sampler, samplerObserver) = Signal<(), Never>.pipe()
        var sampled: [Int] = []
        var completed = false
        signal.sample(on: sampler).observe { event in
            if case let .value(value) = event { sampled.append(value) }
            if case .completed = event { completed = true }
        }
        samplerObserver.send(value: ())
        observer.send(value: 1)
        observer.send(value: 2)
        samplerObserver.send(value: ())
        samplerObserver.send(value: ())
        #expect(sampled == [2, 2], "nothing before the first value; the latest, possibly several times")
        observer.sendCompleted()
        #expect(!completed)
        samplerObserver.sendCompleted()
        #expect(completed, "completes once both have")

        let (source, sourceObserver) = Signal<Int, Never>.pipe()
        let (tags, tagsObserver) = Signal<String, Never>.pipe()
        var pairs: [String] = []
        source.sample(with: tags).observeValues { pairs.append("\($0)\($1)") }
        sourceObserver.send(value: 7)
        tagsObserver.send(value: "a")
        tagsObserver.send(value: "b")
        #expect(pairs == ["7a", "7b"])
    }

    @Test func withLatestFrom() {
        let (signal, observer) = Signal<Int, Never>.pipe()
        let (samplee, sampleeObserver) = Signal<String, Never>.pipe()
        var pairs: [String] = []
        var completed = false
        signal.withLatest(from: samplee).observe { event in
            if case let .value((n, s)) = event { pairs.append("\(n)\(s)") }
            if case .completed = event { completed = true }
        }
        observer.send(value: 0)
        sampleeObserver.send(value: "a")
        observer.send(value: 1)
        sampleeObserver.send(value: "b")
        sampleeObserver.sendCompleted()
        observer.send(value: 2)
        #expect(pairs == ["1a", "2b"])
        #expect(!completed, "the samplee's completion does not end it")
        observer.sendCompleted()
        #expect(completed)

        let property = MutableProperty("x")
        let result = SignalProducer<Int, Never>([1, 2]).withLatest(from: property.producer).map { "\($0.0)\($0.1)" }.collect().single()
        #expect(successValue(result) == ["1x", "2x"])
    }

    @Test func skipNil() {
        let (signal, observer) = Signal<Int?, Never>.pipe()
        var values: [Int] = []
        signal.skipNil().observeValues { values.append($0) }
        observer.send(value: 1)
        observer.send(value: nil)
        observer.send(value: 3)
        #expect(values == [1, 3])
    }

    @Test func attemptAndAttemptMap() {
        let (signal, observer) = Signal<Int, APIError>.pipe()
        var values: [Int] = []
        var error: APIError?
        signal
            .attempt { $0 < 3 ? .success(()) : .failure(.invalid) }
            .attemptMap { value -> Result<String, APIError> in .success("\(value)") }
            .observe { event in
                switch event {
                case let .value(value): values.append(Int(value)!)
                case let .failed(e): error = e
                default: break
                }
            }
        observer.send(value: 1)
        observer.send(value: 3)
        observer.send(value: 2)
        #expect(values == [1])
        #expect(error == .invalid)

        struct Parse: Swift.Error {}
        let parsed = SignalProducer<String, Never>(["1", "x", "3"]).attemptMap { text -> Int in
            guard let number = Int(text) else { throw Parse() }
            return number
        }
        var numbers: [Int] = []
        var failed = false
        parsed.start { event in
            if case let .value(n) = event { numbers.append(n) }
            if case let .failed(e) = event { failed = e is Parse }
        }
        #expect(numbers == [1])
        #expect(failed)
    }

    @Test func mergeWithMapValueAndPromoteValue() {
        let (a, aObserver) = Signal<Int, Never>.pipe()
        let (b, bObserver) = Signal<Int, Never>.pipe()
        var values: [String] = []
        a.merge(with: b).map(value: "tick").observeValues { values.append($0) }
        aObserver.send(value: 1)
        bObserver.send(value: 2)
        #expect(values == ["tick", "tick"])

        let done = SignalProducer<Never, Never>.empty.promoteValue(Int.self)
        #expect(successValue(SignalProducer(value: 1).merge(with: done).collect().single()) == [1])
    }

    @Test func timeoutAfterRaisingOn() {
        let scheduler = TestScheduler()
        let (signal, observer) = Signal<Int, Never>.pipe()
        var error: APIError?
        signal.timeout(after: 5, raising: APIError.timedOut, on: scheduler).observeFailed { error = $0 }
        defer { withExtendedLifetime(observer) {} }
        scheduler.advance(by: .seconds(4))
        #expect(error == nil)
        scheduler.advance(by: .seconds(1))
        #expect(error == .timedOut)

        var completedInTime = false
        SignalProducer<Int, APIError>(value: 1).timeout(after: 5, raising: .timedOut, on: scheduler).startWithCompleted { completedInTime = true }
        scheduler.run()
        #expect(completedInTime)
    }

    @Test func materializeAndDematerialize() {
        let (signal, observer) = Signal<Int, APIError>.pipe()
        var events: [String] = []
        signal.materialize().observe { event in events.append("\(event)") }
        observer.send(value: 1)
        observer.send(error: .invalid)
        #expect(events == ["VALUE VALUE 1", "VALUE FAILED invalid", "COMPLETED"])

        let roundTrip = SignalProducer<Int, APIError>([1, 2]).materialize().dematerialize()
        var values: [Int] = []
        roundTrip.startWithResult { if case let .success(v) = $0 { values.append(v) } }
        #expect(values == [1, 2])
        let failing = SignalProducer<Int, APIError>(error: .invalid).materialize().dematerialize()
        #expect(failing.first() .map { r in if case .failure(.invalid) = r { return true } else { return false } } == true)
    }

    @Test func uniqueValues() {
        let (signal, observer) = Signal<Int, Never>.pipe()
        var values: [Int] = []
        signal.uniqueValues().observeValues { values.append($0) }
        for value in [1, 2, 1, 3, 2, 4] { observer.send(value: value) }
        #expect(values == [1, 2, 3, 4])
        #expect(successValue(SignalProducer<String, Never>(["a", "B", "A", "b"]).uniqueValues { $0.lowercased() }.collect().single()) == ["a", "B"])
    }

    @Test func scanMap() {
        let running = SignalProducer<Int, Never>([1, 2, 3]).scanMap(0) { sum, value in (sum + value, "\(sum + value)") }
        #expect(successValue(running.collect().single()) == ["1", "3", "6"])
        let counted = SignalProducer<String, Never>(["a", "b"]).scanMap(into: 0) { count, value -> String in
            count += 1
            return "\(count)\(value)"
        }
        #expect(successValue(counted.collect().single()) == ["1a", "2b"])
    }

    @Test func zipAndCombineLatestOverArrays() {
        let (a, aObserver) = Signal<Int, Never>.pipe()
        let (b, bObserver) = Signal<Int, Never>.pipe()
        var zipped: [[Int]] = []
        var combined: [[Int]] = []
        Signal.zip([a, b]).observeValues { zipped.append($0) }
        Signal.combineLatest([a, b]).observeValues { combined.append($0) }
        aObserver.send(value: 1)
        aObserver.send(value: 2)
        bObserver.send(value: 10)
        bObserver.send(value: 20)
        #expect(zipped == [[1, 10], [2, 20]])
        #expect(combined == [[2, 10], [2, 20]])

        let none: [SignalProducer<Int, Never>] = []
        #expect(successValue(SignalProducer.zip(none, emptySentinel: []).collect().single()) == [[]])
        #expect(successValue(SignalProducer.combineLatest(none, emptySentinel: [0]).collect().single()) == [[0]])
        #expect(successValue(SignalProducer.zip(none).collect().single()) == [])
    }

    @Test func aSignalOfSignalsFlattens() {
        let (outer, outerObserver) = Signal<Signal<Int, Never>, Never>.pipe()
        let (inner, innerObserver) = Signal<Int, Never>.pipe()
        var values: [Int] = []
        outer.flatten(.latest).observeValues { values.append($0) }
        outerObserver.send(value: inner)
        innerObserver.send(value: 1)
        #expect(values == [1])
        var merged: [Int] = []
        outer.flatMap(.concurrent(limit: 1)) { $0.map { $0 * 10 } }.observeValues { merged.append($0) }
        outerObserver.send(value: inner)
        innerObserver.send(value: 2)
        #expect(merged == [20])
        #expect(values == [1, 2])
    }
}
