// ReactiveSwift's Action as a binding target, its state, binding targets and the reactive
// extension point, written as ReactiveSwift users write it: nothing here is Bindery-specific,
// so it reads (and should compile) the same with `import ReactiveSwift`. Each test states
// ReactiveSwift's documented behaviour.
import Bindery
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftActionAndBindingAPITests {
    @Test func actionAsABindingTarget() {
        let action = Action<Int, Int, Never> { SignalProducer(value: $0 * 2) }
        var values: [Int] = []
        action.values.observeValues { values.append($0) }
        let (signal, observer) = Signal<Int, Never>.pipe()
        action <~ signal
        observer.send(value: 1)
        observer.send(value: 2)
        #expect(values == [2, 4])
    }

    @Test func actionUnwrappingAndStateEnabledIf() {
        let state = MutableProperty<Int?>(nil)
        let add = Action<String, Int, Never>(unwrapping: state) { state, input in SignalProducer(value: state + Int(input)!) }
        var values: [Int] = []
        add.values.observeValues { values.append($0) }
        #expect(!add.isEnabled.value)
        state.value = 1
        #expect(add.isEnabled.value)
        add.apply("2").start()
        add.apply("3").start()
        #expect(values == [3, 4])

        let counter = MutableProperty(0)
        let limited = Action<Void, Int, Never>(state: counter, enabledIf: { $0 < 2 }) { count, _ in SignalProducer(value: count) }
        limited.apply().start()
        counter.value = 2
        var disabled = false
        limited.apply().startWithFailed { if case .disabled = $0 { disabled = true } }
        #expect(disabled)
    }

    @Test func bindingTargetsWithLifetimeAndScheduler() {
        let (lifetime, token) = Lifetime.make()
        var received: [Int] = []
        let target = BindingTarget<Int>(lifetime: lifetime) { received.append($0) }
        let (signal, observer) = Signal<Int, Never>.pipe()
        target <~ signal
        observer.send(value: 1)
        let scheduler = TestScheduler()
        var onScheduler: [Int] = []
        BindingTarget<Int>(on: scheduler, lifetime: lifetime) { onScheduler.append($0) } <~ signal
        observer.send(value: 2)
        #expect(onScheduler == [])
        scheduler.run()
        #expect(onScheduler == [2])
        token.dispose()
        observer.send(value: 3)
        #expect(received == [1, 2], "the binding ends with the target's lifetime")
    }

    @Test func bindingIntoAnOptionalTarget() {
        var property: MutableProperty<Int>? = MutableProperty(0)
        property <~ SignalProducer(value: 5)
        #expect(property?.value == 5)
        let nothing: MutableProperty<Int>? = nil
        #expect((nothing <~ SignalProducer(value: 1))?.isDisposed ?? true, "binding into nil ends at once")
        property = nil
    }

    @Test func reactiveExtensionPoint() {
        final class Label: ReactiveExtensionsProvider, ReactiveLifetimeProvider {
            var text = ""
            private let token = Lifetime.Token()
            lazy var lifetime = Lifetime(token)
        }
        let label = Label()
        label.reactive.text <~ SignalProducer(value: "hello")
        #expect(label.text == "hello")
        #expect(label.reactive.base === label)
    }

    @Test func actionsWithoutInputOverState() {
        let input = MutableProperty(3)
        let echo: (Int) -> SignalProducer<Int, Never> = SignalProducer.init(value:)
        let action = Action(state: input, execute: echo)
        #expect(successValue(action.apply().single()) == 3)

        let optional = MutableProperty<Int?>(nil)
        let unwrapping = Action(unwrapping: optional, execute: echo)
        #expect(!unwrapping.isEnabled.value)
        optional.value = 4
        #expect(successValue(unwrapping.apply().single()) == 4)

        let validating = ValidatingProperty<Int, APIError>(0) { $0 == 1 ? .invalid(.invalid) : ($0 == 2 ? .coerced(10, nil) : .valid) }
        let validated = Action(validated: validating, execute: echo)
        #expect(successValue(validated.apply().single()) == 0)
        validating.value = 1
        #expect(!validated.isEnabled.value)
        validating.value = 2
        #expect(successValue(validated.apply().single()) == 10)
    }

    @Test func keyPathTargetsAndObserverBindings() {
        final class Object { var value = 0 }
        let object = Object()
        let (lifetime, token) = Lifetime.make()
        let target = BindingTarget(lifetime: lifetime, object: object, keyPath: \.value)
        target <~ SignalProducer(value: 5)
        #expect(object.value == 5)
        token.dispose()

        let (signal, observer) = Signal<Int, Never>.pipe()
        var values: [Int] = []
        signal.observeValues { values.append($0) }
        observer <~ SignalProducer<Int, Never>([1, 2])
        #expect(values == [1, 2])
    }
}
