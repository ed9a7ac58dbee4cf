import Bindery
import Testing

/// A view-model-like owner wiring its own properties and action together — the pattern the
/// seeds guard with `@weakify/@strongify`.
private final class Owner {
    let name = MutableProperty("")
    let shout: Property<String>
    let save: Action<Void, String, Never>

    init(source: Signal<String, Never>) {
        shout = name.map { $0.uppercased() }
        save = Action(enabledIf: Property(value: true)) { SignalProducer(value: "saved") }
        name <~ source
        // A binding instead of `observeValues { self.name.value = $0 }`: the target holds the
        // owner weakly and ends with it, so no `@weakify/@strongify` is needed.
        name <~ save.values
    }
}

@Suite(.timeLimit(.minutes(2))) struct LeakTests {
    @Test func actionIsReleasedAfterUse() {
        weak var weakAction: Action<Int, Int, TestError>?
        do {
            let action = Action<Int, Int, TestError> { SignalProducer(value: $0) }
            action.values.observeValues { _ in }
            action.isEnabled.producer.startWithValues { _ in }
            _ = action.apply(1).events()
            weakAction = action
        }
        #expect(weakAction == nil)
    }

    @Test func actionWithRunningWorkIsReleasedWhenTheRunIsDisposed() {
        weak var weakAction: Action<Void, Int, Never>?
        let run: Disposable
        do {
            let action = Action<Void, Int, Never> { .never }
            run = action.apply().start()
            weakAction = action
        }
        run.dispose()
        #expect(weakAction == nil)
    }

    @Test func propertiesAreReleasedWhileObserved() {
        weak var weakMutable: MutableProperty<Int>?
        weak var weakDerived: Property<Int>?
        let completed = Counter()
        do {
            let mutable = MutableProperty(1)
            let derived = mutable.map { $0 * 2 }
            mutable.producer.startWithValues { _ in }
            derived.signal.observeCompleted { completed.increment() }
            weakMutable = mutable
            weakDerived = derived
        }
        #expect(weakMutable == nil)
        #expect(weakDerived == nil)
        #expect(completed.count == 1)
    }

    @Test func bindingsRetainNeitherSideBeyondItsLife() {
        weak var weakTarget: MutableProperty<Int>?
        weak var weakSource: MutableProperty<Int>?
        let binding: Disposable?
        do {
            let target = MutableProperty(0)
            let source = MutableProperty(1)
            binding = target <~ source
            weakTarget = target
            weakSource = source
        }
        #expect(weakTarget == nil)
        #expect(weakSource == nil)
        #expect(binding?.isDisposed == true)
    }

    @Test func bindingIsReleasedWhenTheTargetGoesAwayEvenIfTheSourceStays() {
        let source = MutableProperty(1)
        weak var weakTarget: MutableProperty<Int>?
        let binding: Disposable?
        do {
            let target = MutableProperty(0)
            binding = target <~ source
            weakTarget = target
        }
        #expect(weakTarget == nil)
        #expect(binding?.isDisposed == true)
        source.value = 2
    }

    @Test func ownerBindingItsOwnActionIsReleasedWithoutWeakify() {
        weak var weakOwner: Owner?
        let (signal, input) = Signal<String, Never>.pipe()
        do {
            let owner = Owner(source: signal)
            input.send(value: "typed")
            #expect(owner.shout.value == "TYPED")
            _ = owner.save.apply().events()
            #expect(owner.name.value == "saved")
            weakOwner = owner
        }
        #expect(weakOwner == nil)
    }

    @Test func flatMapChainReleasesCapturedObjectsWhenTheRunEnds() {
        weak var weakCanary: Canary?
        let (outer, sendOuter) = Signal<Int, Never>.pipe()
        let (inner, sendInner) = Signal<Int, Never>.pipe()
        do {
            let canary = Canary()
            weakCanary = canary
            SignalProducer(outer)
                .flatMap(.latest) { (value: Int) in SignalProducer(inner).map { _ in withExtendedLifetime(canary) { value } } }
                .flatMap(.merge) { (value: Int) in SignalProducer<Int, Never>(value: value) }
                .startWithValues { _ in }
        }
        sendOuter.send(value: 1)
        sendInner.send(value: 1)
        #expect(weakCanary != nil, "the running chain keeps its closures")
        sendOuter.sendCompleted()
        sendInner.sendCompleted()
        #expect(weakCanary == nil)
    }

    @Test func flatMapChainReleasesCapturedObjectsWhenDisposed() {
        weak var weakCanary: Canary?
        let run: Disposable
        do {
            let canary = Canary()
            weakCanary = canary
            run = SignalProducer<Int, Never>(value: 1)
                .concat(.never)
                .flatMap(.concat) { value in SignalProducer<Int, Never>.never.map { _ in withExtendedLifetime(canary) { value } } }
                .start()
        }
        #expect(weakCanary != nil)
        run.dispose()
        #expect(weakCanary == nil)
    }

    @Test func observerIsReleasedAfterDispose() {
        weak var weakCanary: Canary?
        let (signal, input) = Signal<Int, Never>.pipe()
        defer { withExtendedLifetime(input) {} }
        let observation: Disposable?
        do {
            let canary = Canary()
            weakCanary = canary
            observation = signal.observeValues { _ in withExtendedLifetime(canary) {} }
        }
        #expect(weakCanary != nil)
        observation?.dispose()
        #expect(weakCanary == nil)
    }

    @Test func observerIsReleasedAfterATerminalEvent() {
        weak var weakCanary: Canary?
        let (signal, input) = Signal<Int, Never>.pipe()
        do {
            let canary = Canary()
            weakCanary = canary
            signal.observeValues { _ in withExtendedLifetime(canary) {} }
        }
        input.sendCompleted()
        #expect(weakCanary == nil)
    }

    @Test func observerIsReleasedWhenItsLifetimeEnds() {
        weak var weakCanary: Canary?
        let (signal, input) = Signal<Int, Never>.pipe()
        defer { withExtendedLifetime(input) {} }
        let (lifetime, token) = Lifetime.make()
        do {
            let canary = Canary()
            weakCanary = canary
            signal.take(during: lifetime).observeValues { _ in withExtendedLifetime(canary) {} }
        }
        #expect(weakCanary != nil)
        token.dispose()
        #expect(weakCanary == nil)
    }

    @Test func abandonedSignalReleasesItsGenerator() {
        weak var weakCanary: Canary?
        let ended = Counter()
        do {
            let canary = Canary()
            weakCanary = canary
            let signal = Signal<Int, Never> { _, lifetime in
                lifetime.observeEnded { withExtendedLifetime(canary) { _ = ended.increment() } }
            }
            let observation = signal.map { $0 }.observeValues { _ in }
            observation?.dispose()
        }
        #expect(ended.count == 1)
        #expect(weakCanary == nil)
    }

    @Test func producerRunReleasesItsObserverWhenItCompletes() {
        weak var weakCanary: Canary?
        do {
            let canary = Canary()
            weakCanary = canary
            SignalProducer<Int, Never>(values: 1, 2).map { $0 }.startWithValues { _ in withExtendedLifetime(canary) {} }
        }
        #expect(weakCanary == nil)
    }
}
