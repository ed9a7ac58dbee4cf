// The ReactiveSwift API view models use most, written as ReactiveSwift users write it: this
// file uses nothing Bindery-specific, so it reads (and should compile) the same with
// `import ReactiveSwift`. Each test states ReactiveSwift's documented behaviour.
import Bindery
import Dispatch
import Foundation
import Testing

/// The value of a blocking call's result, `nil` for no value or a failure.
private func successValue<Value, Error>(_ result: Result<Value, Error>?) -> Value? {
    result.flatMap { try? $0.get() }
}

private enum APIError: Swift.Error, Equatable {
    case invalid
    case timedOut
}

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
        let result = SignalProducer<Int, Never>([1, 2]).withLatest(from: property.producer).map { "\($0)\($1)" }.collect().single()
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
        #expect(events == ["value value 1", "value failed invalid", "completed"])

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

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftPropertyAPITests {
    @Test func zipFilterCombinePreviousUniqueValues() {
        let a = MutableProperty(1)
        let b = MutableProperty("a")
        let zipped = Property.zip(a, b)
        a.value = 2
        #expect(zipped.value == (1, "a"), "waits for b's second value")
        b.value = "b"
        #expect(zipped.value == (2, "b"))

        let even = a.filter(initial: 0) { $0 % 2 == 0 }
        #expect(even.value == 2)
        a.value = 3
        #expect(even.value == 2)

        let previous = a.combinePrevious()
        #expect(previous.value == (3, 3))
        a.value = 4
        #expect(previous.value == (3, 4))
        #expect(a.combinePrevious(0).value == (0, 4))

        let unique = a.uniqueValues()
        var changes: [Int] = []
        unique.signal.observeValues { changes.append($0) }
        a.value = 5
        a.value = 4
        a.value = 6
        #expect(changes == [5, 6])
    }

    @Test func validatingProperty() {
        let age = ValidatingProperty<Int, APIError>(20) { $0 >= 0 ? ($0 <= 150 ? .valid : .coerced(150, nil)) : .invalid(.invalid) }
        #expect(age.result.value.value == 20)
        age.value = -1
        #expect(age.value == 20, "an invalid value is not stored")
        #expect(age.result.value.isInvalid)
        #expect(age.result.value.error == .invalid)
        age.value = 200
        #expect(age.value == 150)
        if case let .coerced(replacement, proposed, _) = age.result.value {
            #expect(replacement == 150 && proposed == 200)
        } else {
            Issue.record("expected a coerced result")
        }

        let password = MutableProperty("secret")
        let confirmation = ValidatingProperty<String, APIError>("", with: password) { $0 == $1 ? .valid : .invalid(.invalid) }
        confirmation.value = "secret"
        #expect(!confirmation.result.value.isInvalid)
        password.value = "changed"
        #expect(confirmation.result.value.isInvalid, "revalidated when the other property changes")
        confirmation <~ SignalProducer(value: "changed")
        #expect(confirmation.value == "changed")
    }

    @Test func propertyCapturingAndPropertyWrappers() {
        let source = MutableProperty(1)
        let captured = Property(capturing: source)
        source.value = 2
        #expect(captured.value == 2)

        final class ViewModel {
            @MutableProperty var name = "a"
            @Property var constant = 7
        }
        let viewModel = ViewModel()
        var names: [String] = []
        viewModel.$name.producer.startWithValues { names.append($0) }
        viewModel.name = "b"
        #expect(names == ["a", "b"])
        #expect(viewModel.$name.value == "b")
        #expect(viewModel.constant == 7 && viewModel.$constant.value == 7)
    }
}

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftActionAndBindingAPITests {
    @Test func actionAsABindingTarget() {
        let action = Action<Int, Int, Never> { SignalProducer(value: $0 * 2) }
        var values: [Int] = []
        action.values.observeValues { values.append($0) }
        let (signal, observer) = Signal<Int, Never>.pipe()
        action <~ signal
        observer.send(value: 1)
        observer.send(value: 2)
        #expect(values == [2, 4])
    }

    @Test func actionUnwrappingAndStateEnabledIf() {
        let state = MutableProperty<Int?>(nil)
        let add = Action<String, Int, Never>(unwrapping: state) { state, input in SignalProducer(value: state + Int(input)!) }
        var values: [Int] = []
        add.values.observeValues { values.append($0) }
        #expect(!add.isEnabled.value)
        state.value = 1
        #expect(add.isEnabled.value)
        add.apply("2").start()
        add.apply("3").start()
        #expect(values == [3, 4])

        let counter = MutableProperty(0)
        let limited = Action<Void, Int, Never>(state: counter, enabledIf: { $0 < 2 }) { count, _ in SignalProducer(value: count) }
        limited.apply().start()
        counter.value = 2
        var disabled = false
        limited.apply().startWithFailed { if case .disabled = $0 { disabled = true } }
        #expect(disabled)
    }

    @Test func bindingTargetsWithLifetimeAndScheduler() {
        let (lifetime, token) = Lifetime.make()
        var received: [Int] = []
        let target = BindingTarget<Int>(lifetime: lifetime) { received.append($0) }
        let (signal, observer) = Signal<Int, Never>.pipe()
        target <~ signal
        observer.send(value: 1)
        let scheduler = TestScheduler()
        var onScheduler: [Int] = []
        BindingTarget<Int>(on: scheduler, lifetime: lifetime) { onScheduler.append($0) } <~ signal
        observer.send(value: 2)
        #expect(onScheduler == [])
        scheduler.run()
        #expect(onScheduler == [2])
        token.dispose()
        observer.send(value: 3)
        #expect(received == [1, 2], "the binding ends with the target's lifetime")
    }

    @Test func bindingIntoAnOptionalTarget() {
        var property: MutableProperty<Int>? = MutableProperty(0)
        property <~ SignalProducer(value: 5)
        #expect(property?.value == 5)
        let nothing: MutableProperty<Int>? = nil
        #expect((nothing <~ SignalProducer(value: 1))?.isDisposed ?? true, "binding into nil ends at once")
        property = nil
    }

    @Test func reactiveExtensionPoint() {
        final class Label: ReactiveExtensionsProvider, ReactiveLifetimeProvider {
            var text = ""
            private let token = Lifetime.Token()
            lazy var lifetime = Lifetime(token)
        }
        let label = Label()
        label.reactive.text <~ SignalProducer(value: "hello")
        #expect(label.text == "hello")
        #expect(label.reactive.base === label)
    }
}

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftUtilityAPITests {
    @Test func scopedDisposableDisposesOnDeinit() {
        let inner = AnyDisposable()
        var scoped: ScopedDisposable<AnyDisposable>? = ScopedDisposable(inner)
        #expect(!inner.isDisposed)
        scoped = nil
        #expect(inner.isDisposed)
        _ = scoped
    }

    @Test func atomic() {
        let counter = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in counter.modify { $0 += 1 } }
        #expect(counter.value == 1_000)
        #expect(counter.swap(5) == 1_000)
        #expect(counter.withValue { $0 * 2 } == 10)
    }

    @Test func bag() {
        var bag = Bag<String>()
        let a = bag.insert("a")
        _ = bag.insert("b")
        let c = bag.insert("c")
        #expect(Array(bag) == ["a", "b", "c"])
        bag.remove(using: a)
        bag.remove(using: c)
        bag.remove(using: c)
        #expect(Array(bag) == ["b"])
    }

    @Test func testSchedulerRewind() {
        let scheduler = TestScheduler()
        var fired = false
        scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(.seconds(10))) { fired = true }
        scheduler.advance(by: .seconds(5))
        scheduler.rewind(by: .seconds(5))
        scheduler.advance(by: .seconds(9))
        #expect(!fired, "the action keeps its date; the clock went back")
        scheduler.advance(by: .seconds(1))
        #expect(fired)
    }

    @Test func dateAndIntervalArithmetic() {
        let start = Date(timeIntervalSinceReferenceDate: 100)
        #expect(start + .seconds(5) == Date(timeIntervalSinceReferenceDate: 105))
        #expect(start - .milliseconds(500) == Date(timeIntervalSinceReferenceDate: 99.5))
        #expect((DispatchTimeInterval.seconds(2) * 1.5).timeInterval == 3)
        #expect((-DispatchTimeInterval.seconds(2)).timeInterval == -2)
    }
}
