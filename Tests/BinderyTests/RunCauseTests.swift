import Bindery
import Testing

/// Causes seen, in order. `@unchecked Sendable`: each test touches it from its own thread only.
private final class CauseLog: @unchecked Sendable {
    var causes: [RunCause?] = []
}

/// Issue 31: what started an action's execution, carried through bindings, time operators
/// and other actions (`RunCause`), and restoring state that starts no work.
@Suite struct RunCauseTests {
    init() { RunCause.startTracking() }

    /// The cause each execution of `action` started under, as its `isExecuting` observer sees it.
    private func causes<I, O, E>(of action: Action<I, O, E>) -> (get: () -> [RunCause?], keep: Disposable?) {
        let box = CauseLog()
        let disposable = action.isExecuting.signal.observeValues { executing in
            if executing { box.causes.append(RunCause.current) }
        }
        return ({ box.causes }, disposable)
    }

    @Test func aBindingThroughDebounceIsAttributedToTheBindingAndToWhatSetItsSource() {
        let scheduler = TestScheduler()
        let query = MutableProperty("")
        let search = Action<Void, Int, Never> { _ in SignalProducer(value: 1) }
        search <~ query.signal.debounce(0.3, on: scheduler).map { _ in () }
        let seen = causes(of: search)
        RunCause.with(.named("set", detail: "search.query")) { query.value = "swift" }
        scheduler.advance(by: 0.3)
        #expect(seen.get() == [.binding(.named("set", detail: "search.query"))])
        query.value = "rust"   // no cause in effect: only the binding is known
        scheduler.advance(by: 0.3)
        #expect(seen.get().last == .binding(nil))
        seen.keep?.dispose()
    }

    @Test func anActionStartedByAnotherActionsEventIsAttributedToIt() {
        let refresh = Action<Void, Int, Never> { _ in SignalProducer(value: 7) }
        let recount = Action<Int, Int, Never> { SignalProducer(value: $0) }
        recount <~ refresh.values
        let seen = causes(of: recount)
        refresh.apply().start()
        #expect(seen.get() == [.binding(.action(refresh.runIdentity))])
        seen.keep?.dispose()
    }

    @Test func restoringStartsNoWorkHoweverLateTheBindingFires() {
        let scheduler = TestScheduler()
        let query = MutableProperty("")
        var executed = 0
        let search = Action<Void, Int, Never> { _ in
            executed += 1
            return SignalProducer(value: 1)
        }
        search <~ query.signal.debounce(0.3, on: scheduler).map { _ in () }
        var refused = 0
        let refusals = search.disabledErrors.observeValues { refused += 1 }
        RunCause.with(.restoring) { query.value = "restored" }
        scheduler.advance(by: 1)
        #expect(executed == 0)
        #expect(refused == 0, "a restore is not a refused attempt")
        #expect(search.isExecuting.value == false)
        query.value = "typed"
        scheduler.advance(by: 0.3)
        #expect(executed == 1, "after the restore, the binding runs again")
        refusals?.dispose()
    }

    @Test func aRepeatingTimerCarriesNoCause() {
        let scheduler = TestScheduler()
        var seen: [RunCause?] = []
        let timer = RunCause.with(.restoring) {
            scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(1), interval: .seconds(1), leeway: .seconds(0)) {
                seen.append(RunCause.current)
            }
        }
        scheduler.advance(by: 2)
        #expect(seen.count == 2 && seen.allSatisfy { $0 == nil })
        timer?.dispose()
    }
}
