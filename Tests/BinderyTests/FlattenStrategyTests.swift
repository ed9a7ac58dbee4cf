import Bindery
import Testing

@Suite(.timeLimit(.minutes(1))) struct FlattenStrategyTests {
    /// ReactiveSwift runs inner producers that complete at once iteratively; so must we.
    @Test func concatOverManyImmediatelyCompletingInnerProducersDoesNotOverflowTheStack() {
        let depth = 100_000
        let (first, firstInput) = Signal<Int, Never>.pipe()
        let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
        let sum = Counter()
        let completed = Counter()
        outer.flatten(.concat).observe { event in
            switch event {
            case .value: sum.increment()
            case .completed: completed.increment()
            default: break
            }
        }
        outerInput.send(value: SignalProducer(first))
        for i in 0..<depth { outerInput.send(value: SignalProducer(value: i)) }
        outerInput.sendCompleted()
        #expect(sum.count == 0)
        firstInput.sendCompleted()
        #expect(sum.count == depth)
        #expect(completed.count == 1)
    }

    @Test func concatOfAProducerOfManyEmptyProducersCompletes() {
        let inners = Array(repeating: SignalProducer<Int, Never>.empty, count: 100_000) + [SignalProducer(value: 7)]
        #expect(SignalProducer(inners).flatten(.concat).events() == [.value(7), .completed])
    }

    @Test func concurrentLimitRunsAtMostLimitAtOnceInOrder() {
        let pipes = (0..<4).map { _ in Signal<Int, Never>.pipe() }
        let started = Recorder<Int>()
        let seen = Recorder<Seen<Int>>()
        SignalProducer(0..<4)
            .flatMap(.concurrent(limit: 2)) { i in
                SignalProducer(pipes[i].output).on(starting: { started.append(i) })
            }
            .record(into: seen)
        #expect(started.all == [0, 1])
        pipes[1].input.send(value: 10)
        pipes[1].input.sendCompleted()
        #expect(started.all == [0, 1, 2])
        pipes[0].input.sendInterrupted()
        #expect(started.all == [0, 1, 2, 3], "an interrupted inner frees its slot, as a completed one")
        pipes[2].input.sendCompleted()
        pipes[3].input.send(value: 30)
        #expect(seen.all == [.value(10), .value(30)])
        pipes[3].input.sendCompleted()
        #expect(seen.all == [.value(10), .value(30), .completed])
    }

    @Test func raceForwardsOnlyTheFirstInnerToSendAndDisposesTheOthers() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        outer.flatten(.race).record(into: seen)
        outerInput.send(value: a)
        outerInput.send(value: b)
        bInput.send(value: 2)
        aInput.send(value: 1)
        bInput.send(value: 3)
        outerInput.sendCompleted()
        #expect(seen.all == [.value(2), .value(3)])
        bInput.sendCompleted()
        #expect(seen.all == [.value(2), .value(3), .completed])
    }

    @Test func throttleDropsInnersArrivingWhileOneRuns() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let (c, cInput) = Signal<Int, Never>.pipe()
        let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        outer.flatten(.throttle).record(into: seen)
        outerInput.send(value: a)
        outerInput.send(value: b)
        aInput.send(value: 1)
        bInput.send(value: 2)
        aInput.sendCompleted()
        outerInput.send(value: c)
        cInput.send(value: 3)
        #expect(seen.all == [.value(1), .value(3)])
        cInput.sendInterrupted()
        #expect(seen.all == [.value(1), .value(3), .interrupted], "throttle passes an inner interruption on")
    }

    @Test func latestTreatsAnInterruptedInnerAsCompleted() {
        let (inner, innerInput) = Signal<Int, Never>.pipe()
        let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        outer.flatten(.latest).record(into: seen)
        outerInput.send(value: inner)
        innerInput.send(value: 1)
        innerInput.sendInterrupted()
        #expect(seen.all == [.value(1)])
        outerInput.sendCompleted()
        #expect(seen.all == [.value(1), .completed])
    }

    @Test func aSignalOfSignalsFlattensAndAProducerOfSignalsToo() {
        let (inner, innerInput) = Signal<Int, TestError>.pipe()
        let (outer, outerInput) = Signal<Signal<Int, TestError>, TestError>.pipe()
        let seen = Recorder<Seen<Int>>()
        outer.flatten(.merge).record(into: seen)
        outerInput.send(value: inner)
        innerInput.send(value: 1)
        innerInput.send(error: .boom)
        #expect(seen.all == [.value(1), .failed("boom")])
        let producerOfSignals = SignalProducer<Signal<Int, Never>, Never>(value: Signal<Int, Never>.empty)
        #expect(producerOfSignals.flatten(.merge).events() == [.completed])
    }

    @Test func strategyOperatorContracts() {
        for strategy in [FlattenStrategy.merge, .concat, .latest, .race, .throttle, .concurrent(limit: 2)] {
            expectOperatorContracts { $0.flatMap(strategy) { SignalProducer(value: $0) } }
        }
    }
}
