import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct LifetimeTests {
    @Test func disposingTheTokenEndsTheLifetimeOnce() {
        let (lifetime, token) = Lifetime.make()
        let ended = Counter()
        lifetime.observeEnded { ended.increment() }
        #expect(!lifetime.hasEnded)
        token.dispose()
        token.dispose()
        #expect(lifetime.hasEnded)
        #expect(ended.count == 1)
    }

    @Test func releasingTheTokenEndsTheLifetime() {
        let ended = Counter()
        var lifetime: Lifetime?
        do {
            let made = Lifetime.make()
            lifetime = made.lifetime
            made.lifetime.observeEnded { ended.increment() }
        }
        #expect(lifetime?.hasEnded == true)
        #expect(ended.count == 1)
    }

    @Test func observingAnEndedLifetimeRunsAtOnce() {
        let ended = Counter()
        let handle = Lifetime.empty.observeEnded { ended.increment() }
        #expect(handle == nil)
        #expect(ended.count == 1)
        #expect(Lifetime.empty.hasEnded)
    }

    @Test func cancelledObservationDoesNotRun() {
        let (lifetime, token) = Lifetime.make()
        let ended = Counter()
        lifetime.observeEnded { ended.increment() }?.dispose()
        token.dispose()
        #expect(ended.count == 0)
    }

    @Test func attachedDisposablesAreDisposedAtTheEnd() {
        let (lifetime, token) = Lifetime.make()
        let attached = AnyDisposable()
        lifetime += attached
        #expect(!attached.isDisposed)
        token.dispose()
        #expect(attached.isDisposed)
        let late = AnyDisposable()
        lifetime += late
        #expect(late.isDisposed)
    }

    @Test func endedSignalCompletes() {
        let (lifetime, token) = Lifetime.make()
        let completed = Counter()
        lifetime.ended.observeCompleted { completed.increment() }
        token.dispose()
        #expect(completed.count == 1)
        let late = Counter()
        lifetime.ended.observe { _ in late.increment() }
        #expect(late.count == 1)
    }

    @Test func takeDuringStopsObservationWhenTheLifetimeEnds() {
        let (lifetime, token) = Lifetime.make()
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Recorder<Seen<Int>>()
        signal.take(during: lifetime).record(into: seen)
        input.send(value: 1)
        token.dispose()
        input.send(value: 2)
        #expect(seen.all == [.value(1), .completed])
    }

    @Test func propertyLifetimeEndsWithTheProperty() {
        var property: MutableProperty<Int>? = MutableProperty(0)
        let lifetime = property!.lifetime
        property = nil
        #expect(lifetime.hasEnded)
    }
}
