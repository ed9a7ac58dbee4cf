import Bindery
import Dispatch
import Testing

@Suite(.timeLimit(.minutes(2))) struct BindingTests {
    @Test func propertyBindsToASignal() {
        let target = MutableProperty(0)
        let (signal, input) = Signal<Int, Never>.pipe()
        let binding = target <~ signal
        input.send(value: 3)
        #expect(target.value == 3)
        binding?.dispose()
        input.send(value: 4)
        #expect(target.value == 3)
    }

    @Test func propertyBindsToAProducerAndAnotherProperty() {
        let target = MutableProperty("")
        target <~ SignalProducer(values: "a", "b")
        #expect(target.value == "b")
        let source = MutableProperty("c")
        target <~ source
        #expect(target.value == "c")
        source.value = "d"
        #expect(target.value == "d")
    }

    @Test func optionalTargetTakesNonOptionalValues() {
        let target = MutableProperty<Int?>(nil)
        let source = MutableProperty(5)
        target <~ source
        #expect(target.value == 5)
    }

    @Test func bindingEndsWhenTheTargetGoesAway() {
        let source = MutableProperty(1)
        var target: MutableProperty<Int>? = MutableProperty(0)
        let binding = target! <~ source
        #expect(binding?.isDisposed == false)
        target = nil
        #expect(binding?.isDisposed == true)
        source.value = 2
    }

    @Test func customTargetRunsItsActionOnItsScheduler() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let received = Recorder<Int>()
        let target = BindingTarget<Int>(on: scheduler, lifetime: lifetime) { received.append($0) }
        let source = MutableProperty(1)
        target <~ source
        #expect(received.all == [])
        scheduler.advance()
        #expect(received.all == [1])
        token.dispose()
        source.value = 2
        scheduler.advance()
        #expect(received.all == [1])
    }

    @Test func laterBindingsWinOverEarlierOnes() {
        let target = MutableProperty(0)
        let first = MutableProperty(1)
        let second = MutableProperty(2)
        target <~ first
        target <~ second
        #expect(target.value == 2)
        first.value = 10
        #expect(target.value == 10)
    }
}
