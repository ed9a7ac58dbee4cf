import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct SideEffectsTests {
    @Test func hooksRunInOrderBeforeTheEventIsPassedOn() {
        let log = Recorder<String>()
        let producer = SignalProducer<Int, TestError>(values: 1, 2).on(
            starting: { log.append("starting") },
            started: { log.append("started") },
            event: { log.append("event \($0)") },
            completed: { log.append("completed") },
            terminated: { log.append("terminated") },
            disposed: { log.append("disposed") },
            value: { log.append("value \($0)") }
        )
        #expect(log.all == [], "nothing runs before a start")
        producer.start { log.append("observer \($0)") }
        #expect(log.all == [
            "starting",
            "event value 1", "value 1", "observer value 1",
            "event value 2", "value 2", "observer value 2",
            "event completed", "completed", "terminated", "observer completed",
            "disposed",
            "started",
        ])
    }

    @Test func failedAndInterruptedHooks() {
        let log = Recorder<String>()
        SignalProducer<Int, TestError>(error: .boom).on(failed: { log.append("failed \($0)") }, terminated: { log.append("terminated") }).start()
        SignalProducer<Int, TestError>.never.on(interrupted: { log.append("interrupted") }, disposed: { log.append("disposed") }).start().dispose()
        #expect(log.all == ["failed boom", "terminated", "interrupted", "disposed"])
    }

    @Test func hooksRunPerStart() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never>(value: 1).on(starting: { starts.increment() })
        producer.start()
        producer.start()
        #expect(starts.count == 2)
    }

    @Test func signalHooks() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Recorder<String>()
        signal.on(completed: { log.append("completed") }, value: { log.append("value \($0)") }).observe { log.append("observer \($0)") }
        input.send(value: 1)
        input.sendCompleted()
        #expect(log.all == ["value 1", "observer value 1", "completed", "observer completed"])
    }

    @Test func onOperatorContracts() {
        expectOperatorContracts { $0.on(value: { _ in }) }
        expectOperatorContracts { $0.on(starting: {}, started: {}) }
    }
}
