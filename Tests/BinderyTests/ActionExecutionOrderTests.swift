import Bindery
import Dispatch
import Testing

/// The order in which an execution's events reach the action's signals, the run, and
/// `isExecuting` when the run ends early: what the execution guarantees without a serialising
/// core of its own for the work (see `ActionExecution`).
@Suite(.timeLimit(.minutes(2))) struct ActionExecutionOrderTests {
    /// Logs every signal of `action` into `log`, each entry prefixed with where it came from.
    private func logging(_ action: Action<Void, Int, TestError>, into log: Recorder<String>) {
        action.events.observeValues { log.append("events \(Seen($0))") }
        action.values.observeValues { log.append("values \($0)") }
        action.completed.observeValues { log.append("completed") }
        action.isExecuting.signal.observeValues { log.append("isExecuting \($0)") }
    }

    @Test func disposingTheRunWhileAValueIsDeliveredInterruptsTheWorkAfterThatValue() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let workEnded = Counter()
        let action = Action<Void, Int, TestError> {
            SignalProducer { observer, lifetime in
                lifetime += signal.observe(observer)
                lifetime.observeEnded { workEnded.increment() }
            }
        }
        let log = Recorder<String>()
        logging(action, into: log)
        let run = SerialDisposable()
        action.values.observeValues { _ in run.dispose() }
        run.inner = action.apply().start { log.append("run \(Seen($0))") }
        input.send(value: 1)
        input.send(value: 2)
        // Disposed while value 1 reaches the action's signals: the run gets value 1 (the
        // event under way), then the interruption, and nothing after it.
        #expect(log.all == [
            "isExecuting true", "events value(1)", "values 1", "run value(1)",
            "events interrupted", "run interrupted", "isExecuting false",
        ])
        #expect(workEnded.count == 1)
    }

    @Test func disposingARunStartedByAnOperatorWhileAValueIsDeliveredInterruptsTheRunFirst() {
        // Through an operator the execution is part of the run, which a serialising core
        // ends: its observer is interrupted at once, before the work is.
        let (signal, input) = Signal<Int, TestError>.pipe()
        let action = Action<Void, Int, TestError> { SignalProducer(signal) }
        let log = Recorder<String>()
        logging(action, into: log)
        let run = SerialDisposable()
        action.values.observeValues { _ in run.dispose() }
        run.inner = action.apply().take(first: 5).start { log.append("run \(Seen($0))") }
        input.send(value: 1)
        input.send(value: 2)
        #expect(log.all == [
            "isExecuting true", "events value(1)", "values 1", "run interrupted",
            "isExecuting false", "events interrupted",
        ])
    }

    @Test func disposingTheRunAfterTheWorkStartedInterruptsItOnce() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let action = Action<Void, Int, TestError> { SignalProducer(signal) }
        let log = Recorder<String>()
        logging(action, into: log)
        let run = action.apply().start { log.append("run \(Seen($0))") }
        input.send(value: 1)
        run.dispose()
        run.dispose()
        input.send(value: 2)
        #expect(log.all == [
            "isExecuting true", "events value(1)", "values 1", "run value(1)",
            "events interrupted", "run interrupted", "isExecuting false",
        ])
        #expect(run.isDisposed)
    }

    @Test func aRunStartedDirectlyEndsAfterItsObserverHasTheTerminalEvent() {
        let action = Action<Int, Int, TestError> { SignalProducer(value: $0 * 10) }
        let log = Recorder<String>()
        action.events.observeValues { log.append("events \(Seen($0))") }
        action.isExecuting.signal.observeValues { log.append("isExecuting \($0)") }
        let run = action.apply(4).map { $0 + 1 }.start { log.append("run \(Seen($0))") }
        #expect(log.all == [
            "isExecuting true", "events value(40)", "run value(41)",
            "events completed", "run completed", "isExecuting false",
        ])
        #expect(run.isDisposed)
        run.dispose()
        #expect(log.all.count == 6)
    }

    @Test func aDisabledAttemptStartedDirectlyFailsAndFiresDisabledErrors() {
        let enabled = MutableProperty(false)
        let action = Action<Void, Int, TestError>(enabledIf: enabled) { SignalProducer(value: 1) }
        let log = Recorder<String>()
        action.disabledErrors.observeValues { log.append("disabledErrors") }
        action.isExecuting.signal.observeValues { log.append("isExecuting \($0)") }
        let run = action.apply().start { event in
            if case .failed(.disabled) = event { log.append("run disabled") } else { log.append("run other") }
        }
        #expect(log.all == ["run disabled", "disabledErrors"])
        #expect(run.isDisposed)
    }

    @Test func disposingARunWhoseWorkDeliversOnASchedulerEndsItAtOnce() {
        // The run is the action's, not the work's: its observer is interrupted and
        // `isExecuting` turns false when it is disposed, not when the work's scheduler runs.
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let action = Action<Void, Int, TestError> { SignalProducer(signal).observe(on: scheduler) }
        let log = Recorder<String>()
        logging(action, into: log)
        let run = action.apply().start { log.append("run \(Seen($0))") }
        input.send(value: 1)
        scheduler.run()
        run.dispose()
        #expect(log.all == [
            "isExecuting true", "events value(1)", "values 1", "run value(1)",
            "events interrupted", "run interrupted", "isExecuting false",
        ])
        input.send(value: 2)
        scheduler.run()
        #expect(log.all.count == 7)
    }

    @Test func aRunEndingWhileItsWorkStartsLetsTheWorkFinishStarting() {
        let action = Action<Void, Int, TestError> { SignalProducer(values: 1, 2) }
        let log = Recorder<String>()
        logging(action, into: log)
        action.apply().take(first: 1).start { log.append("run \(Seen($0))") }
        #expect(log.all == [
            "isExecuting true", "events value(1)", "values 1", "run value(1)", "run completed",
            "isExecuting false", "events value(2)", "values 2", "events completed", "completed",
        ])
    }

    @Test(.timeLimit(.minutes(1))) func disposingFromAnotherThreadEndsTheEventsOnceAndNothingAfter() async {
        for _ in 0..<200 {
            let events = Recorder<Seen<Int>>()
            let action = Action<Void, Int, TestError> {
                SignalProducer { observer, lifetime in
                    DispatchQueue.global().async {
                        for value in 0..<500 where !lifetime.hasEnded { observer.send(value: value) }
                        observer.sendCompleted()
                    }
                }
            }
            action.events.observeValues { events.append(Seen($0)) }
            let run = action.apply().start()
            // Dispose while the work sends from its own thread.
            while events.count == 0 { await Task.yield() }
            run.dispose()
            while action.isExecuting.value || events.all.last.map({ $0 == .completed || $0 == .interrupted }) != true {
                await Task.yield()
            }
            let all = events.all
            let terminals = all.filter { $0 == .completed || $0 == .interrupted }
            #expect(terminals.count == 1)
            #expect(all.last == terminals.first)
        }
    }

    @Test func aWorkSendingFromAnotherThreadWhileItStartsDeliversEachEventOnceInOrder() {
        // The value sent from another thread while the start handler waits claims the
        // execution; the events the handler sends itself, on its own thread, need no claim.
        let action = Action<Void, Int, TestError> {
            SignalProducer { observer, _ in
                let sent = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    observer.send(value: 1)
                    sent.signal()
                }
                sent.wait()
                observer.send(value: 2)
                observer.sendCompleted()
            }
        }
        let log = Recorder<String>()
        logging(action, into: log)
        action.apply().start { log.append("run \(Seen($0))") }
        #expect(log.all == [
            "isExecuting true",
            "events value(1)", "values 1", "run value(1)",
            "events value(2)", "values 2", "run value(2)",
            "events completed", "completed", "run completed", "isExecuting false",
        ])
        #expect(!action.isExecuting.value)
    }
}
