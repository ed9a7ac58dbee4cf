import Bindery
import Testing

/// The core benchmark workloads (`bindery-bench`) at small sizes: the emissions they count are the
/// behaviour the benchmark relies on (a property replays, combineLatest + skipRepeats dedupes,
/// an Action toggles isExecuting twice per execution).
@Suite(.timeLimit(.minutes(2))) struct WorkloadSemanticsTests {
    final class Sink { var n = 0 }

    @Test func mapFilterOverPropertyProducer() {
        let s = Sink()
        let p = MutableProperty(0)
        p.producer.map { $0 + 1 }.filter { $0 % 2 == 0 }.startWithValues { s.n &+= $0 }
        for i in 1...10 { p.value = i }
        #expect(s.n == 2 + 4 + 6 + 8 + 10)
    }

    @Test func combineLatestSkipRepeatsCountsValidityChanges() {
        let s = Sink()
        let phone = MutableProperty("")
        let code = MutableProperty("")
        SignalProducer.combineLatest(phone.producer, code.producer)
            .map { !$0.isEmpty && !$1.isEmpty }
            .skipRepeats()
            .startWithValues { _ in s.n &+= 1 }
        phone.value = "1"   // still false: no emission
        code.value = "2"    // true
        code.value = "3"    // still true
        phone.value = ""    // false
        #expect(s.n == 3)
    }

    @Test func actionExecutionTogglesExecutingTwice() {
        let values = Sink()
        let executing = Sink()
        let action = Action<Int, Int, Never> { i in SignalProducer(value: i) }
        action.values.observeValues { values.n &+= $0 }
        action.isExecuting.producer.startWithValues { _ in executing.n &+= 1 }
        for i in 0..<10 { action.apply(i).start() }
        #expect(values.n == 45)
        #expect(executing.n == 21)
    }

    @Test func startAndDisposeLeavesNoObserver() {
        let s = Sink()
        let p = MutableProperty(1)
        for _ in 0..<100 {
            p.producer.map { $0 + 1 }.startWithValues { s.n &+= $0 }.dispose()
        }
        p.value = 5
        #expect(s.n == 200)
    }
}
