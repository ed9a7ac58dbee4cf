import Bindery
import Testing

/// A one-shot signal between a producer's start handler (any thread) and an awaiting test.
private struct Beacon: Sendable {
    let stream: AsyncStream<Void>
    let continuation: AsyncStream<Void>.Continuation

    init() { (stream, continuation) = AsyncStream<Void>.makeStream() }

    func fire() { continuation.yield() }

    func wait() async {
        for await _ in stream { return }
    }
}

@Suite(.timeLimit(.minutes(2))) struct ConcurrencyTests {
    @Test func producerValuesAsAnAsyncSequence() async {
        var received: [Int] = []
        for await value in SignalProducer<Int, Never>(values: 1, 2, 3).values { received.append(value) }
        #expect(received == [1, 2, 3])
    }

    @Test func theSequenceEndsWhenALaterRunCompletes() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let started = Beacon()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += signal.observe(observer)
            started.fire()
        }
        let consumer = Task {
            var received: [Int] = []
            for await value in producer.values { received.append(value) }
            return received
        }
        await started.wait()
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(await consumer.value == [1, 2])
    }

    @Test func signalValuesAsAnAsyncSequence() async throws {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let started = Beacon()
        let observed = SignalProducer(signal).on(started: { started.fire() })
        let consumer = Task {
            var received: [Int] = []
            for try await value in observed.values { received.append(value) }
            return received
        }
        await started.wait()
        input.send(value: 5)
        input.sendCompleted()
        #expect(try await consumer.value == [5])
        // A signal's own `values` observes from the moment it is asked for.
        let (plain, plainInput) = Signal<Int, Never>.pipe()
        let stream = plain.values
        plainInput.send(value: 9)
        plainInput.sendCompleted()
        var fromSignal: [Int] = []
        for await value in stream { fromSignal.append(value) }
        #expect(fromSignal == [9])
    }

    @Test func aFailingRunThrowsFromTheSequence() async {
        var received: [Int] = []
        await #expect(throws: TestError.boom) {
            for try await value in SignalProducer<Int, TestError>(value: 1).concat(SignalProducer(error: .boom)).values {
                received.append(value)
            }
        }
        #expect(received == [1])
    }

    @Test func anInterruptedRunThrowsCancellation() async {
        await #expect(throws: CancellationError.self) {
            for try await _ in (SignalProducer<Int, TestError> { observer, _ in observer.sendInterrupted() }).values {}
        }
    }

    @Test func cancellingTheIteratingTaskDisposesTheRun() async {
        let started = Beacon()
        let ended = Beacon()
        let producer = SignalProducer<Int, Never> { _, lifetime in
            lifetime.observeEnded { ended.fire() }
            started.fire()
        }
        let consumer = Task {
            for await _ in producer.values {}
        }
        await started.wait()
        consumer.cancel()
        await ended.wait()
        await consumer.value
    }

    @Test func asyncProducerSendsItsResultOncePerStart() async throws {
        let calls = Counter()
        let producer = SignalProducer<Int, Swift.Error> {
            calls.increment()
            await Task.yield()
            return 42
        }
        #expect(calls.count == 0)
        var received: [Int] = []
        for try await value in producer.values { received.append(value) }
        #expect(received == [42])
        #expect(calls.count == 1)
    }

    @Test func asyncProducerFailureFailsTheRun() async {
        let producer = SignalProducer<Int, Swift.Error> { throw TestError.other(7) }
        await #expect(throws: TestError.other(7)) {
            for try await _ in producer.values {}
        }
    }

    @Test func disposingTheRunCancelsTheTask() async {
        let started = Beacon()
        let cancelled = Beacon()
        let producer = SignalProducer<Int, Swift.Error> {
            started.fire()
            await withTaskCancellationHandler {
                // Waits until cancelled: the only way out of this run.
                let (never, _) = AsyncStream<Void>.makeStream()
                for await _ in never {}
            } onCancel: {
                cancelled.fire()
            }
            return 0
        }
        let seen = Recorder<Seen<Int>>()
        let run = producer.record(into: seen)
        await started.wait()
        run.dispose()
        await cancelled.wait()
        #expect(seen.all == [.interrupted])
    }

    @Test func asyncActionExecutesAndReturnsToIdle() async throws {
        let action = Action<Int, Int, Swift.Error> { input in
            await Task.yield()
            return input * 2
        }
        var received: [Int] = []
        for try await value in action.apply(21).values { received.append(value) }
        #expect(received == [42])
        for await executing in action.isExecuting.producer.values where !executing { break }
        #expect(action.isEnabled.value)
    }

    @Test func asyncActionFailureReachesErrors() async {
        let action = Action<Void, Int, Swift.Error>(enabledIf: Property(value: true)) { _ in throw TestError.boom }
        let errors = Recorder<String>()
        action.errors.observeValues { errors.append("\($0)") }
        await #expect(throws: ActionError<Swift.Error>.self) {
            for try await _ in action.apply().values {}
        }
        #expect(errors.all == ["boom"])
    }

    /// Disposing a run (what a host's command timeout does) cancels the execution's task.
    @Test func disposingAnAsyncRunCancelsTheTask() async {
        let started = Beacon()
        let cancelled = Beacon()
        let action = Action<Void, Int, Swift.Error> { _ in
            started.fire()
            await withTaskCancellationHandler {
                let (never, _) = AsyncStream<Void>.makeStream()
                for await _ in never {}
            } onCancel: {
                cancelled.fire()
            }
            return 0
        }
        let run = Recorder<String>()
        let disposable = action.apply().start { run.append("\($0)") }
        await started.wait()
        #expect(action.isExecuting.value)
        disposable.dispose()
        await cancelled.wait()
        #expect(run.all == ["interrupted"])
        #expect(!action.isExecuting.value)
    }
}
