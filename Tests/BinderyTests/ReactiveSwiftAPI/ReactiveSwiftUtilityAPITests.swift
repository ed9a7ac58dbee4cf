// ReactiveSwift's ScopedDisposable, Atomic, Bag, TestScheduler and date arithmetic, written as
// ReactiveSwift users write it: nothing here is Bindery-specific, so it reads (and should
// compile) the same with `import ReactiveSwift`. Each test states ReactiveSwift's documented
// behaviour.
import Bindery
import Dispatch
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftUtilityAPITests {
    @Test func scopedDisposableDisposesOnDeinit() {
        let inner = AnyDisposable()
        var scoped: ScopedDisposable<AnyDisposable>? = ScopedDisposable(inner)
        #expect(!inner.isDisposed)
        scoped = nil
        #expect(inner.isDisposed)
        _ = scoped
    }

    @Test func atomic() {
        let counter = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in counter.modify { $0 += 1 } }
        #expect(counter.value == 1_000)
        #expect(counter.swap(5) == 1_000)
        #expect(counter.withValue { $0 * 2 } == 10)
    }

    @Test func bag() {
        var bag = Bag<String>()
        let a = bag.insert("a")
        _ = bag.insert("b")
        let c = bag.insert("c")
        #expect(Array(bag) == ["a", "b", "c"])
        bag.remove(using: a)
        bag.remove(using: c)
        bag.remove(using: c)
        #expect(Array(bag) == ["b"])
    }

    @Test func testSchedulerRewind() {
        let scheduler = TestScheduler()
        var fired = false
        scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(.seconds(10))) { fired = true }
        scheduler.advance(by: .seconds(5))
        scheduler.rewind(by: .seconds(5))
        scheduler.advance(by: .seconds(9))
        #expect(!fired, "the action keeps its date; the clock went back")
        scheduler.advance(by: .seconds(1))
        #expect(fired)
    }

    @Test func dateAndIntervalArithmetic() {
        let start = Date(timeIntervalSinceReferenceDate: 100)
        #expect(start + .seconds(5) == Date(timeIntervalSinceReferenceDate: 105))
        #expect(start - .milliseconds(500) == Date(timeIntervalSinceReferenceDate: 99.5))
        #expect((DispatchTimeInterval.seconds(2) * 1.5).timeInterval == 3)
        #expect((-DispatchTimeInterval.seconds(2)).timeInterval == -2)
    }

    @Test func notificationCenterSignals() {
        let center = NotificationCenter()
        let name = Notification.Name("bindery.api-test")
        var received: [Notification.Name] = []
        let disposable = center.reactive.notifications(forName: name).observeValues { received.append($0.name) }
        center.post(name: Notification.Name("other"), object: nil)
        center.post(name: name, object: nil)
        #expect(received == [name])
        disposable?.dispose()
        center.post(name: name, object: nil)
        #expect(received == [name], "no notifications after the observation ends")
    }

    @Test func liftingBinaryOperatorsAndReentrantPipes() {
        var started: [String] = []
        let left = SignalProducer<Int, Never> { observer, _ in started.append("left"); observer.send(value: 1) }
        let right = SignalProducer<Int, Never> { observer, _ in started.append("right"); observer.send(value: 2) }
        let combine: (Signal<Int, Never>) -> (Signal<Int, Never>) -> Signal<(Int, Int), Never> = { a in { b in a.combineLatest(with: b) } }
        left.liftLeft(combine)(right).start()
        #expect(started == ["left", "right"])
        started = []
        left.liftRight(combine)(right).start()
        #expect(started == ["right", "left"])

        let (signal, observer) = Signal<Int, Never>.reentrantUnserializedPipe()
        var values: [Int] = []
        signal.take(first: 1).observeValues { _ in observer.send(value: 10) }
        signal.observeValues { values.append($0) }
        observer.send(value: 0)
        #expect(values == [0, 10])
        let typed: SignalProducer<Int, Never>.ProducedSignal = signal
        _ = typed
    }
}
