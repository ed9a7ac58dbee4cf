import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct DisposableTests {
    @Test func anyDisposableRunsItsActionOnce() {
        let runs = Counter()
        let disposable = AnyDisposable { runs.increment() }
        #expect(!disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(runs.count == 1)
    }

    @Test func compositeDisposesEverythingItHolds() {
        let first = AnyDisposable()
        let second = AnyDisposable()
        let ran = Counter()
        let composite = CompositeDisposable([first])
        composite += second
        composite += { ran.increment() }
        composite.dispose()
        #expect(first.isDisposed && second.isDisposed && composite.isDisposed)
        #expect(ran.count == 1)
        composite.dispose()
        #expect(ran.count == 1)
    }

    @Test func compositeDisposesLateAdditionsAtOnce() {
        let composite = CompositeDisposable()
        composite.dispose()
        let late = AnyDisposable()
        #expect(composite.add(late) == nil)
        #expect(late.isDisposed)
    }

    @Test func removingFromACompositeDoesNotDispose() {
        let composite = CompositeDisposable()
        let kept = AnyDisposable()
        let handle = composite.add(kept)
        handle?.dispose()
        composite.dispose()
        #expect(!kept.isDisposed)
    }

    @Test func serialDisposableReplacesAndDisposesThePreviousInner() {
        let serial = SerialDisposable()
        let first = AnyDisposable()
        let second = AnyDisposable()
        serial.inner = first
        serial.inner = second
        #expect(first.isDisposed)
        #expect(!second.isDisposed)
        serial.dispose()
        #expect(second.isDisposed && serial.isDisposed)
        let late = AnyDisposable()
        serial.inner = late
        #expect(late.isDisposed)
    }

    @Test func disposeFromManyThreadsRunsOnce() async {
        let runs = Counter()
        let disposable = AnyDisposable { runs.increment() }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { disposable.dispose() } }
        }
        #expect(runs.count == 1)
    }
}
