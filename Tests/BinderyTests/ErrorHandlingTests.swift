import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct ErrorHandlingTests {
    /// A producer that fails on its first `failures` starts and then sends the start's number.
    private func flaky(failures: Int, starts: Counter) -> SignalProducer<Int, TestError> {
        SignalProducer { observer, _ in
            let start = starts.increment()
            if start <= failures {
                observer.send(error: .other(start))
            } else {
                observer.send(value: start)
                observer.sendCompleted()
            }
        }
    }

    @Test func retryRestartsUntilSuccess() {
        let starts = Counter()
        #expect(flaky(failures: 2, starts: starts).retry(upTo: 3).events() == [.value(3), .completed])
        #expect(starts.count == 3)
    }

    @Test func retryPassesOnTheLastFailure() {
        let starts = Counter()
        #expect(flaky(failures: 10, starts: starts).retry(upTo: 2).events() == [.failed("other(3)")])
        #expect(starts.count == 3)
    }

    @Test func retryZeroIsTheProducerItself() {
        let starts = Counter()
        #expect(flaky(failures: 1, starts: starts).retry(upTo: 0).events() == [.failed("other(1)")])
    }

    @Test func retryOperatorContracts() {
        expectOperatorContracts { $0.retry(upTo: 0) }
    }

    @Test func flatMapErrorRecovers() {
        let recovered = SignalProducer<Int, TestError>(error: .other(4)).flatMapError { error -> SignalProducer<Int, Never> in
            guard case let .other(code) = error else { return .empty }
            return SignalProducer(value: code * 10)
        }
        #expect(recovered.events() == [.value(40), .completed])
    }

    @Test func flatMapErrorContractsAndInterruptionOfTheRecovery() {
        let recoveryEnded = Counter()
        let recovery = SignalProducer<Int, TestError> { _, lifetime in lifetime.observeEnded { recoveryEnded.increment() } }
        let run = SignalProducer<Int, TestError>(error: .boom).flatMapError { _ in recovery }.start()
        run.dispose()
        #expect(recoveryEnded.count == 1, "disposing ends the recovery run too")
        let source = DrivenSource()
        let seen = Recorder<Seen<Int>>()
        source.producer.flatMapError { _ in SignalProducer<Int, TestError>(value: 0) }.record(into: seen)
        source.input.send(value: 1)
        source.input.sendCompleted()
        #expect(seen.all == [.value(1), .completed])
        let failing = DrivenSource()
        let failed = Recorder<Seen<Int>>()
        failing.producer.flatMapError { _ in SignalProducer<Int, TestError>(error: .other(2)) }.record(into: failed)
        failing.input.send(error: .boom)
        #expect(failed.all == [.failed("other(2)")])
    }

    /// What the upstream sends after `attemptMap` failed (here its completion after the value)
    /// goes nowhere: it neither ends `flatMapError`'s recovery nor a `retry`'s next start
    /// while they are still under way.
    @Test func nothingFollowsAnAttemptMapFailure() {
        let scheduler = TestScheduler()
        let failing = SignalProducer<Int, TestError>(value: 1).attemptMap { _ in Result<Int, TestError>.failure(.boom) }
        let recovered = Recorder<Seen<Int>>()
        failing.flatMapError { _ in SignalProducer<Int, TestError>(value: 2).delay(1, on: scheduler) }.record(into: recovered)
        let starts = Counter()
        let retried = Recorder<Seen<Int>>()
        SignalProducer<Int, TestError>(value: 1).delay(1, on: scheduler)
            .on(started: { starts.increment() })
            .attemptMap { _ in Result<Int, TestError>.failure(.boom) }
            .retry(upTo: 1).record(into: retried)
        #expect(recovered.all.isEmpty)
        scheduler.advance(by: 2)
        #expect(recovered.all == [.value(2), .completed])
        #expect(retried.all == [.failed("boom")])
        #expect(starts.count == 2)
        let (signal, input) = Signal<Int, TestError>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.attemptMap { $0 < 2 ? .success($0) : .failure(.boom) }.record(into: seen)
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 1)
        input.sendCompleted()
        #expect(seen.all == [.value(1), .failed("boom")])
    }

    @Test func signalFlatMapError() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.flatMapError { _ in SignalProducer<Int, Never>(value: -1) }.record(into: seen)
        input.send(value: 1)
        input.send(error: .boom)
        #expect(seen.all == [.value(1), .value(-1), .completed])
    }

    @Test func promoteErrorKeepsEverythingElse() {
        let promoted: SignalProducer<Int, TestError> = SignalProducer<Int, Never>(values: 1, 2).promoteError()
        #expect(promoted.events() == [.value(1), .value(2), .completed])
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.promoteError(TestError.self).record(into: seen)
        input.send(value: 3)
        input.sendInterrupted()
        #expect(seen.all == [.value(3), .interrupted])
        let ended = Counter()
        let run = SignalProducer<Int, Never> { _, lifetime in lifetime.observeEnded { ended.increment() } }
            .promoteError(TestError.self).start()
        run.dispose()
        #expect(ended.count == 1)
    }
}
