import Bindery
import Testing

/// An action whose enabled state feeds back into the property its state is derived from,
/// without a feedback loop: it must settle (it used to spin at 100 % CPU, forever).
@Suite(.timeLimit(.minutes(1))) struct ActionLivelockTests {
    @Test func anIsEnabledObserverSettingTheStateToAnEquivalentValueRunsOnce() {
        let condition = MutableProperty(1)
        let action = Action<Void, Void, Never>(state: condition, enabledIf: { $0 == 0 }) { _, _ in .empty }
        let calls = Counter()
        action.isEnabled.producer.startWithValues { _ in
            condition.value = 10
            calls.increment()
        }
        #expect(calls.count == 1)
        #expect(!action.isEnabled.value)
    }

    @Test func anIsExecutingObserverSettingTheStateRunsOnce() {
        let condition = MutableProperty(1)
        let action = Action<Void, Void, Never>(state: condition, enabledIf: { $0 == 0 }) { _, _ in .empty }
        let calls = Counter()
        action.isExecuting.producer.startWithValues { _ in
            condition.value = 10
            calls.increment()
        }
        #expect(calls.count == 1)
    }

    @Test func isEnabledBoundIntoTheSourceOfItsDerivedStateSettles() {
        let source = MutableProperty(0)
        let action = Action<Void, Void, Never>(state: source.map { $0 }, enabledIf: { $0 < 5 }) { _, _ in .empty }
        source <~ action.isEnabled.map { $0 ? 1 : 7 }
        #expect(source.value == 1)
        #expect(action.isEnabled.value)
        let (work, finish) = Signal<Void, Never>.pipe()
        let busy = Action<Void, Void, Never>(state: source.map { $0 }, enabledIf: { $0 < 5 }) { _, _ in SignalProducer(work) }
        source <~ busy.isEnabled.map { $0 ? 2 : 8 }
        busy.apply().start()
        #expect(busy.isExecuting.value)
        finish.sendCompleted()
        #expect(!busy.isExecuting.value)
        #expect(!busy.isEnabled.value, "8 is not < 5")
    }

    @Test func executingStateNegatedIntoEnabledIfSettles() {
        let enabled = MutableProperty(false)
        let (work, workInput) = Signal<Int, TestError>.pipe()
        defer { withExtendedLifetime(workInput) {} }
        let action = Action<Int, Int, TestError>(enabledIf: enabled) { _ in SignalProducer(work) }
        enabled <~ action.isExecuting.map { !$0 }
        #expect(enabled.value)
        #expect(action.isEnabled.value)
        let run = action.apply(0).start()
        #expect(!enabled.value)
        #expect(!action.isEnabled.value)
        #expect(action.isExecuting.value)
        run.dispose()
        #expect(enabled.value)
        #expect(action.isEnabled.value)
        #expect(!action.isExecuting.value)
    }
}
