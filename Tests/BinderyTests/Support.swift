import Bindery
import BinderyPrimitives
import Synchronization
import Testing

/// A thread-safe list of what a test observed, in arrival order.
final class Recorder<Element: Sendable>: Sendable {
    private let storage = Lock<[Element]>([])

    init() {}

    func append(_ element: Element) { storage.withLock { $0.append(element) } }

    var all: [Element] { storage.withLock { $0 } }

    var count: Int { storage.withLock { $0.count } }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let value = Synchronization.Atomic<Int>(0)

    init() {}

    @discardableResult
    func increment() -> Int { value.add(1, ordering: .relaxed).newValue }

    func decrement() { value.subtract(1, ordering: .relaxed) }

    var count: Int { value.load(ordering: .relaxed) }
}

/// The error the tests fail streams with.
enum TestError: Swift.Error, Equatable, Sendable {
    case boom
    case other(Int)
}

/// An event reduced to something `Equatable` and `Sendable`, for asserting exact sequences.
enum Seen<Value: Equatable & Sendable>: Equatable, Sendable {
    case value(Value)
    case failed(String)
    case completed
    case interrupted

    init<E>(_ event: Signal<Value, E>.Event) {
        switch event {
        case let .value(v): self = .value(v)
        case let .failed(e): self = .failed("\(e)")
        case .completed: self = .completed
        case .interrupted: self = .interrupted
        }
    }
}

extension Signal where Value: Equatable & Sendable {
    /// Observes every event into `recorder`.
    @discardableResult
    func record(into recorder: Recorder<Seen<Value>>) -> Disposable? {
        observe { recorder.append(Seen($0)) }
    }
}

extension SignalProducer where Value: Equatable & Sendable {
    /// Starts a run recording every event into `recorder`.
    @discardableResult
    func record(into recorder: Recorder<Seen<Value>>) -> Disposable {
        start { recorder.append(Seen($0)) }
    }

    /// Starts a run and returns every event it delivered synchronously.
    func events() -> [Seen<Value>] {
        let recorder = Recorder<Seen<Value>>()
        record(into: recorder)
        return recorder.all
    }
}

/// An object whose release the leak tests watch through a weak reference.
final class Canary: Sendable {
    init() {}
}

/// A source for operator tests: a producer whose runs observe `input`'s signal, and which
/// counts how many runs have ended (their lifetime ended).
struct DrivenSource: Sendable {
    let signal: Signal<Int, TestError>
    let input: Signal<Int, TestError>.Observer
    let endedRuns = Counter()

    init() {
        (signal, input) = Signal<Int, TestError>.pipe()
    }

    var producer: SignalProducer<Int, TestError> {
        let signal = self.signal
        let endedRuns = self.endedRuns
        return SignalProducer { observer, lifetime in
            lifetime += signal.observe(observer)
            lifetime.observeEnded { endedRuns.increment() }
        }
    }
}

/// Checks what every operator must do with its upstream's terminal events and with disposal:
/// a failure and a completion reach the observer as the last event, exactly once; disposing a
/// started run sends `interrupted` and ends the upstream run's lifetime; after disposal nothing
/// more is delivered. `settle` runs whatever a scheduler still has to deliver.
func expectOperatorContracts<U: Equatable & Sendable>(
    settle: () -> Void = {},
    sourceLocation: SourceLocation = #_sourceLocation,
    _ apply: (SignalProducer<Int, TestError>) -> SignalProducer<U, TestError>
) {
    // Failure.
    do {
        let source = DrivenSource()
        let seen = Recorder<Seen<U>>()
        apply(source.producer).record(into: seen)
        source.input.send(error: .boom)
        source.input.send(value: 99)
        settle()
        #expect(seen.all.last == .failed("boom"), "failure is passed on", sourceLocation: sourceLocation)
        #expect(seen.all.filter { $0 == .failed("boom") }.count == 1, sourceLocation: sourceLocation)
        #expect(source.endedRuns.count == 1, "a failed run ends its upstream's lifetime", sourceLocation: sourceLocation)
    }
    // Completion.
    do {
        let source = DrivenSource()
        let seen = Recorder<Seen<U>>()
        apply(source.producer).record(into: seen)
        source.input.sendCompleted()
        source.input.send(value: 99)
        settle()
        #expect(seen.all.last == .completed, "completion is passed on", sourceLocation: sourceLocation)
        #expect(seen.all.filter { $0 == .completed }.count == 1, sourceLocation: sourceLocation)
        #expect(source.endedRuns.count == 1, "a completed run ends its upstream's lifetime", sourceLocation: sourceLocation)
    }
    // Interruption: disposing a started run sends `interrupted` and ends its lifetime.
    do {
        let source = DrivenSource()
        let seen = Recorder<Seen<U>>()
        let run = apply(source.producer).record(into: seen)
        #expect(source.endedRuns.count == 0, sourceLocation: sourceLocation)
        run.dispose()
        settle()
        #expect(seen.all == [.interrupted], "disposing a run interrupts it", sourceLocation: sourceLocation)
        #expect(source.endedRuns.count == 1, "disposing a run ends the upstream run's lifetime", sourceLocation: sourceLocation)
        #expect(run.isDisposed, sourceLocation: sourceLocation)
    }
    // Disposal: nothing is delivered after it, except, from an operator that delivers on a
    // scheduler, the interruption itself, on that scheduler (as in ReactiveSwift).
    do {
        let source = DrivenSource()
        let seen = Recorder<Seen<U>>()
        let run = apply(source.producer).record(into: seen)
        run.dispose()
        let afterDispose = seen.count
        source.input.send(value: 1)
        source.input.send(value: 2)
        source.input.sendCompleted()
        settle()
        let late = Array(seen.all.dropFirst(afterDispose))
        #expect(late == [] || (afterDispose == 0 && late == [.interrupted]), "nothing arrives after disposal", sourceLocation: sourceLocation)
    }
}
