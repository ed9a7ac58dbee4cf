import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct LogEventsTests {
    @Test func producerLogsEveryEventWithItsIdentifierAndCallSite() {
        let lines = Recorder<String>()
        let logger: EventLogger = { identifier, event, fileName, _, lineNumber in
            lines.append("[\(identifier)] \(event) \(fileName.hasSuffix("LogEventsTests.swift")) \(lineNumber > 0)")
        }
        SignalProducer<Int, TestError>(values: 1, 2).logEvents(identifier: "numbers", logger: logger).start()
        #expect(lines.all == [
            "[numbers] starting true true",
            "[numbers] value 1 true true",
            "[numbers] value 2 true true",
            "[numbers] completed true true",
            "[numbers] terminated true true",
            "[numbers] disposed true true",
            "[numbers] started true true",
        ])
    }

    @Test func onlySelectedEventsAreLogged() {
        let lines = Recorder<String>()
        let logger: EventLogger = { identifier, event, _, _, _ in lines.append("\(identifier): \(event)") }
        SignalProducer<Int, TestError>(error: .boom).logEvents(identifier: "x", events: [.failed], logger: logger).start()
        SignalProducer<Int, TestError>.never.logEvents(identifier: "y", events: [.interrupted, .disposed], logger: logger).start().dispose()
        #expect(lines.all == ["x: failed boom", "y: interrupted", "y: disposed"])
    }

    @Test func signalLogsItsEvents() {
        let lines = Recorder<String>()
        let logger: EventLogger = { identifier, event, _, _, _ in lines.append("\(identifier): \(event)") }
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.logEvents(identifier: "sig", events: [.value, .completed], logger: logger).observe { _ in }
        input.send(value: 5)
        input.sendCompleted()
        #expect(lines.all == ["sig: value 5", "sig: completed"])
    }

    @Test func loggingDoesNotChangeTheStream() {
        expectOperatorContracts { $0.logEvents(identifier: "contract", logger: { _, _, _, _, _ in }) }
        #expect(LoggingEvent.allEvents.count == 8)
    }
}
