// ReactiveSwift's SignalProducer's initialisers, repetition, blocking accessors and lifting,
// written as ReactiveSwift users write it: nothing here is Bindery-specific, so it reads (and
// should compile) the same with `import ReactiveSwift`. Each test states ReactiveSwift's
// documented behaviour.
import Bindery
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftProducerAPITests {
    @Test func intervalSendsOnePerInterval() {
        let scheduler = TestScheduler()
        var values: [Int] = []
        let disposable = SignalProducer.interval(.seconds(1), on: scheduler).startWithValues { values.append($0) }
        scheduler.advance(by: .milliseconds(2500))
        #expect(values == [0, 1])
        disposable.dispose()
        scheduler.advance(by: .seconds(5))
        #expect(values == [0, 1])

        var letters: [String] = []
        var completed = false
        SignalProducer.interval(["a", "b"], interval: .seconds(2), on: scheduler).start { event in
            if case let .value(v) = event { letters.append(v) }
            if case .completed = event { completed = true }
        }
        scheduler.advance(by: .seconds(4))
        #expect(letters == ["a", "b"])
        scheduler.advance(by: .seconds(2))
        #expect(completed)
    }

    @Test func repeatRunsTheProducerAgainAfterEachCompletion() {
        var starts = 0
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts += 1
            observer.send(value: starts)
            observer.sendCompleted()
        }
        #expect(successValue(producer.repeat(3).collect().single()) == [1, 2, 3])
        #expect(starts == 3)
        #expect(successValue(producer.repeat(0).collect().single()) == [])
        #expect(successValue(SignalProducer<Int, Never>(value: 1).repeat(100_000).reduce(0, +).single()) == 100_000, "runs iteratively")
    }

    @Test func blockingFirstSingleLastWait() {
        let producer = SignalProducer<Int, APIError>([1, 2, 3])
        #expect(successValue(producer.first()) == 1)
        #expect(successValue(producer.last()) == 3)
        #expect(producer.single() == nil, "more than one value")
        #expect(successValue(SignalProducer<Int, APIError>(value: 9).single()) == 9)
        #expect(SignalProducer<Int, APIError>.empty.first() == nil)
        #expect(throws: APIError.invalid) { try SignalProducer<Int, APIError>(error: .invalid).wait().get() }
        let queue = QueueScheduler(name: "blocking")
        #expect(successValue(SignalProducer<Int, APIError>(value: 5).delay(0.01, on: queue).last()) == 5, "blocks until an event from another thread")
    }

    @Test func resultAndThrowingInitialisers() {
        #expect(successValue(SignalProducer<Int, APIError>(result: .success(1)).single()) == 1)
        #expect(throws: APIError.invalid) { try SignalProducer<Int, APIError>(result: .failure(.invalid)).single()?.get() }
        var calls = 0
        let parsing = SignalProducer<Int, Swift.Error> { () throws -> Int in
            calls += 1
            guard calls == 1 else { throw APIError.invalid }
            return 42
        }
        #expect(calls == 0, "runs per start, not on creation")
        #expect(successValue(parsing.single()) == 42)
        #expect(throws: APIError.invalid) { try parsing.single()?.get() }
    }

    @Test func liftUsesASignalOperatorOnProducers() {
        func doubled(_ signal: Signal<Int, Never>) -> Signal<Int, Never> { signal.map { $0 * 2 } }
        #expect(successValue(SignalProducer<Int, Never>([1, 2]).lift(doubled).collect().single()) == [2, 4])
        let zipped = SignalProducer<Int, Never>([1, 2]).lift(Signal.zip(with:))(SignalProducer<String, Never>(["a", "b"]))
        #expect(successValue(zipped.map { "\($0)\($1)" }.collect().single()) == ["1a", "2b"])
        let (signal, observer) = Signal<Int, Never>.pipe()
        var values: [Int] = []
        signal.lift(doubled).observeValues { values.append($0) }
        observer.send(value: 3)
        #expect(values == [6])
    }

    @Test func booleanComposition() {
        let a = MutableProperty(true)
        let b = MutableProperty(false)
        #expect(!a.and(b).value)
        #expect(a.or(b).value)
        #expect(!a.negate().value)
        let all = Property.all([a, b])
        let any = Property.any([a, b])
        #expect(!all.value && any.value)
        b.value = true
        #expect(all.value)
        a.value = false
        b.value = false
        #expect(!any.value)

        let (x, xObserver) = Signal<Bool, Never>.pipe()
        let (y, yObserver) = Signal<Bool, Never>.pipe()
        var anded: [Bool] = []
        var negated: [Bool] = []
        x.and(y).observeValues { anded.append($0) }
        x.negate().observeValues { negated.append($0) }
        xObserver.send(value: true)
        yObserver.send(value: true)
        yObserver.send(value: false)
        #expect(anded == [true, false])
        #expect(negated == [false])
        #expect(successValue(SignalProducer<Bool, Never>.any(SignalProducer(value: false), SignalProducer(value: true)).single()) == true)
        #expect(successValue(SignalProducer<Bool, Never>(value: true).or(SignalProducer(value: false)).negate().single()) == false)
    }
}
