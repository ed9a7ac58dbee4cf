import Bindery
import Dispatch
import Foundation
import Synchronization
import Testing

/// Checks ReactiveSwift's contract for observers fed from many threads at once: each
/// observer's events come one at a time (never two threads inside it together), exactly one
/// terminal event ends them, and nothing follows it. One tally covers every observer it made;
/// `expectContractHeld` waits, bounded, for each of them to end and then checks them all.
final class ObserverContractTally: Sendable {
    /// Observers that have not had a terminal event yet.
    private let unfinished = DispatchGroup()
    /// Deliveries that found another delivery to the same observer under way.
    private let overlaps = Synchronization.Atomic<Int>(0)
    /// Terminal events beyond an observer's first.
    private let extraTerminals = Synchronization.Atomic<Int>(0)
    /// Events of any kind delivered after an observer's terminal event.
    private let afterTerminal = Synchronization.Atomic<Int>(0)
    private let valuesSeen = Synchronization.Atomic<Int>(0)

    init() {}

    /// A new observer checked by this tally, forwarding each event to `next` (if any) while it
    /// is still inside the delivery, so an overlap downstream is an overlap here too; calls
    /// `onFirstValue` (if any) after its first value.
    func observer<Value, Error>(
        forwardingTo next: Signal<Value, Error>.Observer? = nil,
        onFirstValue: (@Sendable () -> Void)? = nil
    ) -> Signal<Value, Error>.Observer {
        unfinished.enter()
        let checked = CheckedObserver(self, onFirstValue: onFirstValue)
        return Signal<Value, Error>.Observer { event in
            checked.enter()
            next?.send(event)
            checked.leave(terminal: event.isTerminating, value: !event.isTerminating)
        }
    }

    /// Waits (at most `seconds`) until some observer has had a value; returns whether one has.
    func awaitFirstValue(within seconds: Double = 10) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while values == 0 {
            if DispatchTime.now() >= deadline { return false }
            usleep(200)
        }
        return true
    }

    /// How many values the observers were sent in all.
    var values: Int { valuesSeen.load(ordering: .relaxed) }

    /// Waits (at most `seconds`) for every observer to end, then expects each to have had its
    /// events one at a time, one terminal event and nothing after it, and some of them values
    /// (so the runs did their work, not only end).
    func expectContractHeld(within seconds: Int = 30, _ what: String, expectingValues: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        let ended = unfinished.wait(timeout: .now() + .seconds(seconds)) == .success
        #expect(ended, "\(what): every observer got a terminal event", sourceLocation: sourceLocation)
        #expect(overlaps.load(ordering: .relaxed) == 0, "\(what): no two threads inside one observer at once", sourceLocation: sourceLocation)
        #expect(extraTerminals.load(ordering: .relaxed) == 0, "\(what): exactly one terminal event per observer", sourceLocation: sourceLocation)
        #expect(afterTerminal.load(ordering: .relaxed) == 0, "\(what): nothing after a terminal event", sourceLocation: sourceLocation)
        if expectingValues {
            #expect(values > 0, "\(what): values were delivered, not only terminal events", sourceLocation: sourceLocation)
        }
    }

    /// One observer's state: how many threads are inside it, and how many terminal events
    /// it has had.
    private final class CheckedObserver: Sendable {
        private let tally: ObserverContractTally
        private let onFirstValue: (@Sendable () -> Void)?
        private let inside = Synchronization.Atomic<Int>(0)
        private let terminals = Synchronization.Atomic<Int>(0)
        private let values = Synchronization.Atomic<Int>(0)

        init(_ tally: ObserverContractTally, onFirstValue: (@Sendable () -> Void)?) {
            self.tally = tally
            self.onFirstValue = onFirstValue
        }

        func enter() {
            if inside.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                tally.overlaps.add(1, ordering: .relaxed)
            }
            if terminals.load(ordering: .acquiring) > 0 {
                tally.afterTerminal.add(1, ordering: .relaxed)
            }
        }

        func leave(terminal: Bool, value: Bool) {
            if value {
                tally.valuesSeen.add(1, ordering: .relaxed)
                if values.add(1, ordering: .relaxed).newValue == 1 { onFirstValue?() }
            }
            if terminal {
                if terminals.add(1, ordering: .acquiringAndReleasing).newValue == 1 {
                    tally.unfinished.leave()
                } else {
                    tally.extraTerminals.add(1, ordering: .relaxed)
                }
            }
            inside.subtract(1, ordering: .acquiringAndReleasing)
        }
    }
}
