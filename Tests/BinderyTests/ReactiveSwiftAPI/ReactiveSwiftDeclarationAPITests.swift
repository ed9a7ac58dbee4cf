// ReactiveSwift declarations that are not operators, written as ReactiveSwift code:
// `Bag.Iterator`, `AnyDisposable(_:)` of a disposable, `CompositeDisposable` of optionals,
// `ScopedDisposable<SerialDisposable>.inner`, `Signal.Observer.Action`, `Optional.Value` of a
// binding target, key-path targets over `ReferenceWritableKeyPath`, `observer <~ source`
// returning a `Disposable`, and `SignalProducer.timer(interval:on:)`.
import Bindery
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftDeclarationAPITests {
    @Test func bagIterator() {
        var bag = Bag<Int>()
        bag.insert(1)
        let two = bag.insert(2)
        bag.insert(3)
        var iterator: Bag<Int>.Iterator = bag.makeIterator()
        bag.remove(using: two)
        var seen: [Int] = []
        while let element = iterator.next() { seen.append(element) }
        #expect(seen == [1, 2, 3], "the iterator walks the bag as it was when made")
        #expect(Array(bag) == [1, 3])
    }

    @Test func disposablesWrappingDisposables() {
        let inner = AnyDisposable()
        let wrapper = AnyDisposable(inner as Disposable)
        wrapper.dispose()
        #expect(inner.isDisposed && wrapper.isDisposed)
        #expect(AnyDisposable(inner as Disposable).isDisposed, "wrapping a disposed disposable")

        let a = AnyDisposable(), b = AnyDisposable()
        let optionals: [Disposable?] = [a, nil, b]
        CompositeDisposable(optionals).dispose()
        #expect(a.isDisposed && b.isDisposed)

        let first = AnyDisposable(), second = AnyDisposable()
        let scoped = ScopedDisposable(SerialDisposable())
        scoped.inner = first
        #expect(scoped.inner === first)
        scoped.inner = second
        #expect(first.isDisposed && !second.isDisposed, "replacing the inner disposable disposes the previous one")
        scoped.dispose()
        #expect(second.isDisposed)
    }

    @Test func observerActionAndOptionalBindingTargetValue() {
        var received: [Int] = []
        let action: Signal<Int, Never>.Observer.Action = { event in
            if case let .value(value) = event { received.append(value) }
        }
        let observer = Signal<Int, Never>.Observer(action)
        observer.send(value: 1)
        #expect(received == [1])

        let target: MutableProperty<Int>? = MutableProperty(0)
        let bound: Optional<MutableProperty<Int>>.Value = 5
        target <~ SignalProducer<Int, Never>(value: bound)
        #expect(target?.value == 5)
    }

    @Test func keyPathTargetsAndObserverBindingsReturnADisposable() {
        final class Object { var value = 0 }
        let object = Object()
        let keyPath: ReferenceWritableKeyPath<Object, Int> = \Object.value
        let (lifetime, token) = Lifetime.make()
        let target = BindingTarget(on: ImmediateScheduler(), lifetime: lifetime, object: object, keyPath: keyPath)
        target <~ SignalProducer<Int, Never>(value: 2)
        #expect(object.value == 2)
        token.dispose()

        let (signal, observer) = Signal<Int, Never>.pipe()
        var values: [Int] = []
        signal.observeValues { values.append($0) }
        let (source, sourceInput) = Signal<Int, Never>.pipe()
        let binding: Disposable = observer <~ source
        sourceInput.send(value: 1)
        binding.dispose()
        sourceInput.send(value: 2)
        #expect(values == [1], "disposing the binding stops it")
    }

    @Test func timerWithoutALeeway() {
        let scheduler = TestScheduler()
        var dates: [Date] = []
        let start = scheduler.currentDate
        let disposable = SignalProducer<Date, Never>.timer(interval: .seconds(2), on: scheduler).startWithValues { dates.append($0) }
        scheduler.advance(by: .seconds(5))
        #expect(dates == [start.addingTimeInterval(2), start.addingTimeInterval(4)])
        disposable.dispose()
        scheduler.advance(by: .seconds(4))
        #expect(dates.count == 2)
    }
}
