#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// One execution of an `Action`, and the run of its work: what the work's events go to, and
/// what the execution's run holds to set `isExecuting` back to false when it ends.
///
/// The work is started with this object's `send` as its sink (`run`: a work with a direct
/// start, such as `SignalProducer(value:)` or a property's producer, needs nothing more; any
/// other gets an observer around `send` and this object, as the `CompositeDisposable` its
/// lifetime holds, as its lifetime), without a `RunCore` of its own: a producer's start
/// handler sends serially (one event at a time, never from inside its own delivery: a public
/// producer's handler runs behind a serialising core, and Bindery's own sources and operators
/// are trusted to, see `SignalProducer.init(serial:)`), so the only event that can meet another
/// here is the interruption, sent once when the execution's run ends. `state` orders that one
/// against the work's events, as a run's core would:
///
/// - *Claim*: an event of the work sets `delivering` (with `terminated` if it is terminal) in
///   one compare-and-swap, and is dropped if `terminated` is already set.
/// - *Interrupt*: if nothing is being delivered, the interruption claims the same way (setting
///   `terminated`) and is delivered at once; if the work's event is being delivered (on another
///   thread, or further up this thread's stack), it sets `interruptPending` and `terminated`
///   instead, in one compare-and-swap that fails if the delivery ended meanwhile (then it
///   claims).
/// - *Release*: after a non-terminal event, the deliverer clears `delivering` in a
///   compare-and-swap that fails if `interruptPending` was set first; it then delivers the
///   interruption itself, after the event, as a run's core delivers a queued event.
///
/// Both swaps act on the same word, so exactly one sees the other: an interruption is either
/// delivered by the interrupter or by the deliverer, never lost, never twice, and never
/// before the event under way has reached every signal. Once `terminated` is set no event of
/// the work is delivered. After the terminal event or the interruption has been delivered,
/// the work's lifetime ends.
///
/// A work that sends from inside its own delivery has that event delivered at once, nested.
/// Two threads sending at once break the premise (the claim does not test `delivering`):
/// every work is a producer, whose sends a run's core serialises (public producers) or which
/// debug builds check (`SignalProducer.init(serial:)`, `SerialSendCheck`), so debug builds
/// stop the process there.
///
/// The run ending (`dispose`) turns `isExecuting` false at once, but interrupts the work only
/// once its start handler has returned (`start`): a run that ends while its work is still
/// starting (`take(first: 1)` on a work sending more) lets the work finish starting first.
/// Whichever of `started` and `ended` is set second interrupts. A work that terminated while
/// it started is never marked `started`: nothing is left to interrupt.
///
/// *While starting*: an event the work sends from inside its start handler, on the thread
/// running it (`starter`), needs no claim. Nothing can interrupt then: the run's end
/// interrupts only once `started` is set, which that thread sets after the handler returns.
/// So a value is delivered after a plain check of `terminated`, and a terminal event sets
/// `terminated` with one atomic or and is delivered (a synchronous work, the common case, so
/// costs no compare-and-swap per value). Another thread's send in that time (a work that
/// handed its observer on) still claims: it cannot tell that the handler is still running.
///
/// As a `Disposable` (what the execution's run holds), it ends the execution (`dispose`); the
/// work's lifetime, the bag it inherits, is ended through `end()`.
///
/// *The run itself* (`endsRun`): `apply` started with `start` returns the execution as the
/// run, with no serialising core between it and the observer (`output`), since the claim
/// above already delivers one event at a time and nothing after the terminal one. It turns
/// `isExecuting` false after delivering the terminal event or the interruption, as a run's
/// core ending would, and its disposal interrupts through the claim at once, wherever the
/// work delivers. It cannot be disposed while its work starts: `apply` returns it only after.
@usableFromInline final class ActionExecution<Output, Error: Swift.Error>: CompositeDisposable, @unchecked Sendable {
    // `@unchecked`: every stored property but `state` is immutable and thread-safe itself
    // (`output` is only called by the thread holding the claim, see below); `state` is atomic, and the thread whose
    // claim set `delivering` is the only one delivering until it releases it (see above); the
    // inherited bag guards itself (see `CompositeDisposable`).
    @usableFromInline typealias Event = Signal<Output, Error>.Event

    /// An event of the work, or the interruption, is being delivered.
    @usableFromInline static var delivering: UInt32 { 1 }
    /// The interruption arrived during a delivery; the deliverer delivers it next.
    @usableFromInline static var interruptPending: UInt32 { 2 }
    /// The work's terminal event or the interruption was accepted; nothing is delivered after.
    @usableFromInline static var terminated: UInt32 { 4 }
    /// The work's start handler has returned.
    @usableFromInline static var started: UInt32 { 8 }
    /// The execution's run has ended: `isExecuting` turned false.
    @usableFromInline static var ended: UInt32 { 16 }

    @usableFromInline let state = Synchronization.Atomic<UInt32>(0)
    /// The thread running the work's start handler (its `pthread_self`), 0 outside it. Only
    /// that thread writes it, so only that thread can find its own identity here.
    @usableFromInline let starter = Synchronization.Atomic<UInt>(0)
    @usableFromInline let outlets: ActionOutlets<Output, Error>
    /// What the execution's run receives: the `action` of the run's observer, held as the
    /// closure rather than the observer object, so that the observer the run's start handler
    /// is given need not outlive the start (the optimiser can then keep it off the heap).
    @usableFromInline let output: Signal<Output, ActionError<Error>>.Delivery
    /// Whether this execution is the run itself (`apply` started directly, see
    /// ``SignalProducer/directStart``), rather than a part of a run that holds it: it then
    /// turns `isExecuting` false right after it delivers the terminal event or the
    /// interruption to `output`, as a run's core ending would, and its disposal interrupts.
    @usableFromInline let endsRun: Bool
    /// Always inlined: called, the initialiser retained both references once more and the
    /// caller released its own copies after the call (two retains and releases per execution).
    @inlinable @inline(__always) init(
        outlets: ActionOutlets<Output, Error>,
        output: @escaping Signal<Output, ActionError<Error>>.Delivery,
        endsRun: Bool
    ) {
        self.outlets = outlets
        self.output = output
        self.endsRun = endsRun
        super.init()
    }

    /// Starts `work` delivering to this execution; interrupts it at once if the execution's
    /// run ended while it started.
    @inlinable func start(_ work: SignalProducer<Output, Error>) {
        starter.store(UInt(pthread_self()), ordering: .relaxed)
        if RunCause.isTracking {
            // What the work starts as it starts is attributed to this action (`RunCause`).
            RunCause.with(.action(ObjectIdentifier(outlets))) { run(work) }
        } else {
            run(work)
        }
        starter.store(0, ordering: .relaxed)
        // A work that has ended as it started (a synchronous one) has nothing left to
        // interrupt, and `interrupt()` does nothing once `terminated` is set: `started` need
        // not be set (one atomic or fewer per execution).
        if state.load(ordering: .acquiring) & Self.terminated != 0 { return }
        let previous = state.bitwiseOr(Self.started, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.ended != 0 { interrupt() }
    }

    /// Runs `work`'s start: directly if it has a direct start (a value, an error, a property
    /// or a signal: no observer and no lifetime are made for it, two allocations fewer per
    /// execution), the run's disposable going into the work's lifetime, this execution;
    /// otherwise through its start handler, with this execution as the lifetime.
    @inlinable func run(_ work: SignalProducer<Output, Error>) {
        if let directStart = work.directStart {
            let workRun = directStart(.events(send))
            if !workRun.isDisposed { insert(workRun) }
        } else {
            work.start(Signal<Output, Error>.Observer(send), in: Lifetime(self))
        }
    }

    /// Receives one event of the work (see the type's comment for the claim).
    @inlinable func send(_ event: __owned Event) {
        if starter.load(ordering: .relaxed) == UInt(pthread_self()) {
            sendWhileStarting(event)
            return
        }
        let terminal: UInt32 = event.isTerminating ? Self.terminated : 0
        var observed = state.load(ordering: .relaxed)
        while true {
            if observed & Self.terminated != 0 { return }
            let (claimed, original) = state.compareExchange(
                expected: observed, desired: observed | Self.delivering | terminal,
                successOrdering: .acquiring, failureOrdering: .relaxed)
            if claimed { break }
            observed = original
        }
        deliver(event)
        if terminal != 0 {
            end()
            return
        }
        observed = state.load(ordering: .relaxed)
        while true {
            if observed & Self.interruptPending != 0 {
                deliver(.interrupted)
                end()
                return
            }
            let (released, original) = state.compareExchange(
                expected: observed, desired: observed & ~Self.delivering,
                successOrdering: .releasing, failureOrdering: .relaxed)
            if released { return }
            observed = original
        }
    }

    /// Receives one event the work sends from inside its start handler, on the thread running
    /// it: no claim, as nothing can interrupt (see the type's comment).
    @inlinable func sendWhileStarting(_ event: Event) {
        guard event.isTerminating else {
            if state.load(ordering: .relaxed) & Self.terminated == 0 { deliver(event) }
            return
        }
        let previous = state.bitwiseOr(Self.terminated, ordering: .acquiringAndReleasing).oldValue
        guard previous & Self.terminated == 0 else { return }
        deliver(event)
        end()
    }

    /// Passes one event to the action's signals, then to the execution's run; if this
    /// execution is the run and the event is terminal, then turns `isExecuting` false.
    @inlinable func deliver(_ event: Event) {
        if RunCause.isTracking {
            // What observers of the event start is attributed to this action (`RunCause`).
            RunCause.with(.action(ObjectIdentifier(outlets))) {
                outlets.report(event)
                output(event.mapError(ActionError.producerFailed))
            }
        } else {
            outlets.report(event)
            output(event.mapError(ActionError.producerFailed))
        }
        if endsRun, event.isTerminating { outlets.endExecution() }
    }

    /// Interrupts the work, unless it has ended (see the type's comment). If an operator of
    /// the work delivers on a scheduler, the work's lifetime ends now and that operator sends
    /// `interrupted` on its scheduler, as a run's core does (`RunCore.dispose`).
    @inlinable func interrupt() {
        // The run itself interrupts its observer at once, on the disposing thread, wherever
        // the work delivers (as ReactiveSwift's action run, a signal of its own, does).
        if !endsRun, defersInterruption.load(ordering: .acquiring) {
            end()
            return
        }
        var observed = state.load(ordering: .relaxed)
        while true {
            if observed & Self.terminated != 0 { return }
            let busy = observed & Self.delivering != 0
            let desired = observed | Self.terminated | (busy ? Self.interruptPending : Self.delivering)
            let (marked, original) = state.compareExchange(
                expected: observed, desired: desired,
                successOrdering: .acquiringAndReleasing, failureOrdering: .relaxed)
            if marked {
                // Busy: the deliverer finds `interruptPending` when it releases.
                if busy { return }
                break
            }
            observed = original
        }
        deliver(.interrupted)
        end()
    }

    /// Whether the execution's run has ended: disposed, or, for an execution that is the
    /// run, also once the work's terminal event has been accepted.
    @inlinable override var isDisposed: Bool {
        state.load(ordering: .acquiring) & (endsRun ? Self.ended | Self.terminated : Self.ended) != 0
    }

    /// Ends the execution (once). Part of a run: `isExecuting` turns false, then the work is
    /// interrupted if it has started. The run itself: the work is interrupted, and
    /// `isExecuting` turns false once the interruption has been delivered (`deliver`); such
    /// an execution is only reachable once its work has started (`apply` returns it then).
    @inlinable override func dispose() {
        let previous = state.bitwiseOr(Self.ended, ordering: .acquiringAndReleasing).oldValue
        guard previous & Self.ended == 0 else { return }
        if endsRun {
            interrupt()
            return
        }
        outlets.endExecution()
        if previous & Self.started != 0 { interrupt() }
    }
}
