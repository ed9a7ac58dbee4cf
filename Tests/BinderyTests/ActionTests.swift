import Bindery
import Dispatch
import Testing

/// Work an action runs that ends only when the test says so.
private final class ManualWork: Sendable {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let starts = Counter()
    let ended = Counter()

    var producer: SignalProducer<Int, TestError> {
        SignalProducer { [signal, starts, ended] observer, lifetime in
            starts.increment()
            lifetime += signal.observe(observer)
            lifetime.observeEnded { ended.increment() }
        }
    }
}

@Suite(.timeLimit(.minutes(2))) struct ActionTests {
    @Test func executionForwardsValuesAndCompletion() {
        let action = Action<Int, String, TestError> { input in SignalProducer(values: "\(input)", "\(input * 2)") }
        let values = Recorder<String>()
        let completed = Counter()
        action.values.observeValues { values.append($0) }
        action.completed.observeValues { completed.increment() }
        let run = Recorder<Seen<String>>()
        action.apply(4).record(into: run)
        #expect(run.all == [.value("4"), .value("8"), .completed])
        #expect(values.all == ["4", "8"])
        #expect(completed.count == 1)
    }

    @Test func applyingDoesNothingUntilStarted() {
        let work = ManualWork()
        let action = Action<Void, Int, TestError> { work.producer }
        let pending = action.apply()
        #expect(work.starts.count == 0)
        #expect(!action.isExecuting.value)
        pending.start()
        #expect(work.starts.count == 1)
    }

    @Test func isEnabledIsEnabledIfAndNotExecuting() {
        let enabledIf = MutableProperty(false)
        let work = ManualWork()
        let action = Action<Void, Int, TestError>(enabledIf: enabledIf) { work.producer }
        let enabledHistory = Recorder<Bool>()
        action.isEnabled.producer.startWithValues { enabledHistory.append($0) }
        #expect(!action.isEnabled.value)
        enabledIf.value = true
        #expect(action.isEnabled.value)
        action.apply().start()
        #expect(action.isExecuting.value)
        #expect(!action.isEnabled.value)
        work.input.sendCompleted()
        #expect(!action.isExecuting.value)
        #expect(action.isEnabled.value)
        enabledIf.value = false
        #expect(!action.isEnabled.value)
        #expect(enabledHistory.all == [false, true, false, true, false])
    }

    @Test func oneExecutionAtATime() {
        let work = ManualWork()
        let action = Action<Void, Int, TestError> { work.producer }
        let errors = Recorder<TestError>()
        let disabled = Counter()
        action.errors.observeValues { errors.append($0) }
        action.disabledErrors.observeValues { disabled.increment() }
        let first = Recorder<Seen<Int>>()
        let second = Recorder<Seen<Int>>()
        action.apply().record(into: first)
        action.apply().record(into: second)
        #expect(second.all == [.failed("action is disabled")])
        #expect(work.starts.count == 1)
        #expect(disabled.count == 1)
        work.input.send(value: 1)
        work.input.sendCompleted()
        #expect(first.all == [.value(1), .completed])
        #expect(errors.all == [])
    }

    @Test func disabledApplyFailsWithDisabledAndLeavesErrorsUntouched() {
        let action = Action<Int, Int, TestError>(enabledIf: Property(value: false)) { SignalProducer(value: $0) }
        let errors = Recorder<TestError>()
        let events = Counter()
        let disabled = Counter()
        action.errors.observeValues { errors.append($0) }
        action.events.observeValues { _ in events.increment() }
        action.disabledErrors.observeValues { disabled.increment() }
        var failure: ActionError<TestError>?
        action.apply(1).startWithFailed { failure = $0 }
        #expect(failure == .disabled)
        #expect(errors.all == [])
        #expect(events.count == 0)
        #expect(disabled.count == 1)
        #expect(!action.isExecuting.value)
    }

    @Test func workFailureReachesErrorsAndTheRun() {
        let action = Action<Void, Int, TestError> { SignalProducer(error: .other(3)) }
        let errors = Recorder<TestError>()
        action.errors.observeValues { errors.append($0) }
        var failure: ActionError<TestError>?
        action.apply().startWithFailed { failure = $0 }
        #expect(failure == .producerFailed(.other(3)))
        #expect(errors.all == [.other(3)])
        #expect(action.isEnabled.value)
    }

    @Test func stateIsPassedToTheWorkAndGatesEnabling() {
        let limit = MutableProperty(2)
        let action = Action<Int, Int, TestError>(state: limit, enabledIf: { $0 > 0 }) { limit, input in
            SignalProducer(value: limit * input)
        }
        #expect(action.apply(5).events() == [.value(10), .completed])
        limit.value = 0
        #expect(!action.isEnabled.value)
        #expect(action.apply(5).events() == [.failed("action is disabled")])
    }

    @Test func disposingARunInterruptsTheWorkAndStopsExecuting() {
        let work = ManualWork()
        let action = Action<Void, Int, TestError> { work.producer }
        let run = Recorder<Seen<Int>>()
        let disposable = action.apply().record(into: run)
        #expect(action.isExecuting.value)
        disposable.dispose()
        #expect(run.all == [.interrupted])
        #expect(work.ended.count == 1)
        #expect(!action.isExecuting.value)
        #expect(action.isEnabled.value)
    }

    @Test func anActionCanRunAgainAfterAnExecutionEnds() {
        let runs = Counter()
        let action = Action<Void, Int, Never> { SignalProducer(value: runs.increment()) }
        #expect(action.apply().events() == [.value(1), .completed])
        #expect(action.apply().events() == [.value(2), .completed])
    }

    @Test func actionLifetimeEndsAndSignalsCompleteOnDeinit() {
        let completed = Counter()
        var action: Action<Void, Int, Never>? = Action { SignalProducer(value: 1) }
        let lifetime = action!.lifetime
        action!.values.observeCompleted { completed.increment() }
        action = nil
        #expect(lifetime.hasEnded)
        #expect(completed.count == 1)
    }
}
