import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct ReentrancyTests {
    @Test func observerSettingThePropertyItObservesDoesNotDeadlock() {
        let property = MutableProperty(0)
        let log = Recorder<String>()
        property.signal.observeValues { value in
            log.append("A\(value)")
            if value == 1 { property.value = 2 }
        }
        property.signal.observeValues { value in log.append("B\(value)") }
        property.value = 1
        #expect(log.all == ["A1", "B1", "A2", "B2"], "the nested value follows the current one to every observer")
        #expect(property.value == 2)
    }

    @Test func observerSendingOnTheSignalItObservesDoesNotDeadlock() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Recorder<String>()
        signal.observeValues { value in
            log.append("A\(value)")
            if value < 3 { input.send(value: value + 1) }
            log.append("A\(value) returned")
        }
        signal.observeValues { value in log.append("B\(value)") }
        input.send(value: 1)
        #expect(log.all == [
            "A1", "A1 returned", "B1",
            "A2", "A2 returned", "B2",
            "A3", "A3 returned", "B3",
        ])
    }

    @Test func nestedEventsKeepSendOrder() {
        let (signal, input) = Signal<String, Never>.pipe()
        let log = Recorder<String>()
        signal.observeValues { value in
            if value == "first" {
                input.send(value: "nested 1")
                input.send(value: "nested 2")
            }
            log.append(value)
        }
        input.send(value: "first")
        #expect(log.all == ["first", "nested 1", "nested 2"])
    }

    @Test func nestedTerminalEventEndsAfterTheCurrentEvent() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Recorder<Seen<Int>>()
        signal.observeValues { _ in
            input.sendCompleted()
            input.send(value: 99)
        }
        signal.record(into: log)
        input.send(value: 1)
        input.send(value: 2)
        #expect(log.all == [.value(1), .completed])
    }

    @Test func producerObserverReenteringItsOwnRun() {
        nonisolated(unsafe) var captured: Signal<Int, Never>.Observer?
        // Only this test's thread uses `captured`.
        let log = Recorder<Int>()
        SignalProducer<Int, Never> { observer, _ in
            captured = observer
            observer.send(value: 1)
        }.startWithValues { value in
            log.append(value)
            if value == 1 { captured?.send(value: 2) }
            log.append(-value)
        }
        #expect(log.all == [1, -1, 2, -2])
    }

    @Test func bindingsInACycleSettle() {
        let celsius = MutableProperty(0.0)
        let fahrenheit = MutableProperty(32.0)
        fahrenheit <~ celsius.signal.map { $0 * 9 / 5 + 32 }.skipRepeats()
        celsius <~ fahrenheit.signal.map { ($0 - 32) * 5 / 9 }.skipRepeats()
        celsius.value = 100
        #expect(fahrenheit.value == 212)
        fahrenheit.value = 50
        #expect(celsius.value == 10)
    }

    @Test func observerAddedDuringDeliveryGetsOnlyLaterEvents() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let late = Recorder<Int>()
        nonisolated(unsafe) var added = false
        // Only this test's thread touches `added`.
        signal.observeValues { _ in
            if !added {
                added = true
                signal.observeValues { late.append($0) }
            }
        }
        input.send(value: 1)
        input.send(value: 2)
        #expect(late.all == [2])
    }

    @Test func propertyReadInsideItsObserverSeesTheNewValue() {
        let property = MutableProperty(0)
        let read = Recorder<Int>()
        property.signal.observeValues { _ in read.append(property.value) }
        property.value = 5
        #expect(read.all == [5])
    }
}
