import Bindery
import Testing

/// Derived properties built from other derived properties keep updating even when only the
/// end of the chain is referenced.
@Suite(.timeLimit(.minutes(2))) struct DerivedPropertyChainTests {
    @Test func chainedMapsFollowTheSource() {
        let source = MutableProperty(1)
        let end = source.map { $0 * 2 }.map { $0 + 1 }
        source.value = 5
        #expect(end.value == 11)
    }

    @Test func combineLatestThenMapFollowsBothSources() {
        let a = MutableProperty(1)
        let b = MutableProperty(10)
        let sum = Property.combineLatest(a, b).map { $0 + $1 }
        a.value = 2
        b.value = 20
        #expect(sum.value == 22)
    }

    @Test func actionEnabledStateFollowsItsCondition() {
        let condition = MutableProperty(false)
        let action = Action<Void, Void, Never>(enabledIf: condition) { SignalProducer(value: ()) }
        #expect(action.isEnabled.value == false)
        condition.value = true
        #expect(action.isEnabled.value == true)
    }

    @Test func droppingTheEndReleasesTheChain() {
        let source = MutableProperty(1)
        weak var weakEnd: Property<Int>?
        do {
            let end = source.map { $0 * 2 }.map { $0 + 1 }
            weakEnd = end
            #expect(end.value == 3)
        }
        #expect(weakEnd == nil)
    }
}
