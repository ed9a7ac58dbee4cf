// ReactiveSwift's deprecated guards against observing or transforming events of type `Never`
// (its UninhabitedTypeGuards.swift), written as ReactiveSwift code. The calls compile with
// ReactiveSwift's deprecation warning; they are made through a protocol whose witnesses are
// deprecated, so that the test builds without warnings. Where ReactiveSwift's bodies trap,
// Bindery's do what the general operator does (docs/CONTRACTS.md §9): that is what is checked.
import Bindery
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftUninhabitedTypeGuardTests {
    @Test func observingUninhabitedEventsDeliversWhatCanExist() {
        let calls: any UninhabitedObservations = UninhabitedCalls()
        #expect(calls.observations() == ["producer failure invalid", "signal failure invalid"],
                "a failure still arrives as `.failure`; the closures for `Never` events are never called")
    }

    @Test func transformingUninhabitedEventsForwardsTheTerminalEvents() {
        let calls: any UninhabitedObservations = UninhabitedCalls()
        #expect(calls.transformations() == [
            "producer flatMap FAILED invalid", "producer flatMap Never COMPLETED",
            "producer flatMapError [2]", "signal flatMap FAILED invalid", "signal flatMap Never COMPLETED",
            "signal flatMapError [3]",
        ], "flatMap over `Never` values is promoteValue, flatMapError over `Never` errors is promoteError")
    }
}

protocol UninhabitedObservations {
    func observations() -> [String]
    func transformations() -> [String]
}

struct UninhabitedCalls: UninhabitedObservations {
    @available(*, deprecated)
    func observations() -> [String] {
        let log = Log()
        SignalProducer<Never, APIError>(error: .invalid).startWithResult { if case let .failure(error) = $0 { log.lines.append("producer failure \(error)") } }
        SignalProducer<Never, Never>.empty.startWithResult(log.neverCalled())
        SignalProducer<Never, Never>.empty.startWithValues(log.neverCalled())
        SignalProducer<Int, Never>(value: 1).startWithFailed(log.neverCalled())

        let (failing, failingInput) = Signal<Never, APIError>.pipe()
        failing.observeResult { if case let .failure(error) = $0 { log.lines.append("signal failure \(error)") } }
        let (silent, silentInput) = Signal<Never, Never>.pipe()
        silent.observeResult(log.neverCalled())
        silent.observeValues(log.neverCalled())
        let (values, valuesInput) = Signal<Int, Never>.pipe()
        values.observeFailed(log.neverCalled())
        failingInput.send(error: .invalid)
        silentInput.sendCompleted()
        valuesInput.send(value: 1)
        valuesInput.sendCompleted()
        return log.lines
    }

    @available(*, deprecated)
    func transformations() -> [String] {
        let log = Log()
        SignalProducer<Never, APIError>(error: .invalid)
            .flatMap(.latest, log.neverCalled(returning: SignalProducer<Int, APIError>(value: 1)))
            .start { log.lines.append("producer flatMap \($0)") }
        SignalProducer<Never, Never>.empty
            .flatMap(.merge, log.neverCalled(returning: Result<Int, APIError>.success(1)))
            .start { log.lines.append("producer flatMap Never \($0)") }
        let recovered = SignalProducer<Int, Never>(value: 2)
            .flatMapError(log.neverCalled(returning: SignalProducer<Int, APIError>(error: .invalid)))
            .collect().single()
        log.lines.append("producer flatMapError \(successValue(recovered) ?? [])")

        let (failing, failingInput) = Signal<Never, APIError>.pipe()
        failing.flatMap(.latest, log.neverCalled(returning: SignalProducer<Int, Never>(value: 1)))
            .observe { log.lines.append("signal flatMap \($0)") }
        let (silent, silentInput) = Signal<Never, Never>.pipe()
        silent.flatMap(.concat, log.neverCalled(returning: Result<Int, APIError>.success(1)))
            .observe { log.lines.append("signal flatMap Never \($0)") }
        let (values, valuesInput) = Signal<Int, Never>.pipe()
        values.flatMapError(log.neverCalled(returning: SignalProducer<Int, APIError>(error: .invalid)))
            .observeResult { log.lines.append("signal flatMapError [\((try? $0.get()) ?? 0)]") }
        failingInput.send(error: .invalid)
        silentInput.sendCompleted()
        valuesInput.send(value: 3)
        return log.lines
    }
}

/// What the calls above saw. The closures for `Never` events come from `neverCalled`, which is
/// generic, so that the test states "logs if ever called" without an unreachable-code warning.
private final class Log {
    var lines: [String] = []

    func neverCalled<Input>() -> (Input) -> Void {
        { _ in self.lines.append("called with an uninhabited type") }
    }

    func neverCalled<Input, Output>(returning output: Output) -> (Input) -> Output {
        { _ in self.lines.append("called with an uninhabited type"); return output }
    }
}
