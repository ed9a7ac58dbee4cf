import BinderyPrimitives
import Synchronization
// FoundationEssentials where the toolchain has it (Linux: no ICU); Foundation elsewhere.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A command: work that runs one execution at a time, only while enabled, and reports its
/// progress and results as properties and signals.
///
/// - `isEnabled` is `enabledIf && !isExecuting`, always.
/// - `apply(_:)` returns a producer; each start of it is an attempt to execute. If the action
///   is disabled at that moment, the run fails with `ActionError.disabled`, `disabledErrors`
///   fires, and `errors` is untouched. Otherwise `isExecuting` turns true, the work's events
///   reach `events` (and `values`, `errors`, `completed`) and then the run's observer, and
///   `isExecuting` turns false once the run has ended.
/// - There is no timeout of its own: whoever runs it bounds a run by disposing it (the
///   daemon's `--command-timeout` does, as `timed_out`), so there is one timeout mechanism.
/// - Disposing a run interrupts the work; `isExecuting` turns false.
/// - Applied under a ``RunCause`` that is restoring state, the run is interrupted at once
///   and nothing executes (a restart never starts work).
public final class Action<Input, Output, Error: Swift.Error>: @unchecked Sendable {
    // `@unchecked`: every stored property is immutable and itself thread-safe; the one piece
    // of mutable state, whether an execution runs, is `outlets.executing`, changed atomically.

    /// Ends when the action is deinitialised.
    public let lifetime: Lifetime
    @usableFromInline let token = Lifetime.Token()
    /// Every event of every execution.
    public let events: Signal<Signal<Output, Error>.Event, Never>
    /// Every value of every execution.
    public let values: Signal<Output, Never>
    /// Every failure of every execution (not `disabled`).
    public let errors: Signal<Error, Never>
    /// Fires each time `apply` is started while the action is disabled.
    public let disabledErrors: Signal<(), Never>
    /// Fires each time an execution completes successfully.
    public let completed: Signal<(), Never>
    /// Whether an execution is running.
    public let isExecuting: Property<Bool>
    /// Whether `apply` would execute now. Made on first use (under `enabledLock`), so an
    /// action nobody asks about pays nothing for it.
    @inlinable public var isEnabled: Property<Bool> {
        enabledLock.withLock { made in
            if let made { return made }
            let property = makeIsEnabled()
            made = property
            return property
        }
    }
    @usableFromInline let enabledLock = Lock<Property<Bool>?>(nil)
    @usableFromInline let makeIsEnabled: () -> Property<Bool>
    /// What the enabled state derives from (its `enabledIf` or `state` property), for the
    /// binding graph: `isEnabled` itself is made on first use, and also reads `isExecuting`.
    @usableFromInline package let enabledLineage: PropertyLineage
    /// What the sources bound to the action (`action <~ signal`) derive from, one per binding:
    /// what starts it, for the binding graph. Written when a binding is made, never per value.
    let boundLineages = Lock<[PropertyLineage]>([])

    /// `isExecuting`'s source and the inputs of the signals above, shared by every execution.
    @usableFromInline let outlets: ActionOutlets<Output, Error>
    /// Starts an execution if the action is enabled: marks it executing and returns the work
    /// for the input; `nil` if disabled.
    @usableFromInline let claim: (Input) -> SignalProducer<Output, Error>?

    /// An action enabled while `isEnabled(state.value)` holds, whose work is
    /// `execute(state.value, input)`.
    @inlinable public convenience init<State: PropertyProtocol>(
        state: State,
        enabledIf isEnabled: @escaping (State.Value) -> Bool,
        execute: @escaping (State.Value, Input) -> SignalProducer<Output, Error>
    ) {
        self.init(state: state, enabledIf: isEnabled, enabledLineage: .composed(of: state), execute: execute)
    }

    /// `init(state:enabledIf:execute:)` whose enabled state derives from what
    /// `enabledLineage` says (constant for an action that is always enabled).
    @inlinable init<State: PropertyProtocol>(
        state: State,
        enabledIf isEnabled: @escaping (State.Value) -> Bool,
        enabledLineage: PropertyLineage,
        execute: @escaping (State.Value, Input) -> SignalProducer<Output, Error>
    ) {
        self.enabledLineage = enabledLineage
        lifetime = Lifetime(token)
        let executing = MutableProperty(unrestored: false)
        // What the action sends derives from the action: the node `isExecuting` names.
        let fromAction = executing.signal.lineage
        let events = Signal<Signal<Output, Error>.Event, Never>.pipe(lineage: fromAction)
        let disabledErrors = Signal<(), Never>.pipe(lineage: fromAction)
        // Separate pipes rather than operators on `events`: one delivery per event instead of
        // three filtered ones.
        let values = Signal<Output, Never>.pipe(lineage: fromAction)
        let errors = Signal<Error, Never>.pipe(lineage: fromAction)
        let completed = Signal<(), Never>.pipe(lineage: fromAction)
        (self.events, self.disabledErrors, self.values, self.errors, self.completed) =
            (events.output, disabledErrors.output, values.output, errors.output, completed.output)
        outlets = ActionOutlets(
            executing: executing, events: events, values: values, errors: errors,
            completed: completed, disabled: disabledErrors.input)
        isExecuting = Property(executing)
        let executingProperty = executing
        // `skipRepeats`, as in ReactiveSwift: an observer of `isEnabled` that sets the property
        // the state derives from to a value that leaves `isEnabled` unchanged must not be
        // notified again, or it sets it again, forever (a livelock, not a feedback loop).
        makeIsEnabled = { Property.combineLatest(state, executingProperty).map { isEnabled($0) && !$1 }.skipRepeats() }
        // A constant state (`Property(value:)`, as an always-enabled action's) is read once
        // here rather than under the lock on every apply: it never changes.
        let constantState: State.Value? = if let fixed = state as? Property<State.Value>, case .constant = fixed.lineage {
            fixed.value
        } else {
            nil
        }
        claim = { input in
            var stateValue: State.Value?
            _ = executing.core.update { running in
                guard !running else { return false }
                let value = constantState ?? state.value
                guard isEnabled(value) else { return false }
                stateValue = value
                running = true
                return true
            }
            guard let stateValue else { return nil }
            return execute(stateValue, input)
        }
    }

    /// An action enabled while `state.value` is true.
    @inlinable public convenience init<P: PropertyProtocol>(
        enabledIf isEnabled: P,
        execute: @escaping (Input) -> SignalProducer<Output, Error>
    ) where P.Value == Bool {
        self.init(state: isEnabled, enabledIf: { $0 }) { _, input in execute(input) }
    }

    /// An action that is always enabled (while not executing).
    @inlinable public convenience init(execute: @escaping (Input) -> SignalProducer<Output, Error>) {
        self.init(enabledIf: Property(value: true), execute: execute)
    }

    /// An action whose work also receives the current value of `state`.
    @inlinable public convenience init<State: PropertyProtocol>(
        state: State,
        execute: @escaping (State.Value, Input) -> SignalProducer<Output, Error>
    ) {
        self.init(state: state, enabledIf: { _ in true }, enabledLineage: .constant, execute: execute)
    }

    deinit { outlets.complete() }

    /// A producer that, each time it is started, executes the action with `input` if it is
    /// enabled, and fails with `ActionError.disabled` otherwise.
    ///
    /// Started with `start` (or `map`, `filter`, `compactMap`, `mapError`, then `start`), the
    /// run is the execution itself: no serialising core between the work and the observer,
    /// as the execution already delivers one event at a time and nothing after the terminal
    /// one. Started by an operator, the execution sends into the operator's observer and ends
    /// with the run's lifetime.
    @inlinable public func apply(_ input: Input) -> SignalProducer<Output, ActionError<Error>> {
        SignalProducer(directStart: { [self] sink in
            guard let (execution, work) = prepareExecution(input, output: sink.action, endsRun: true) else {
                return EndedRun.shared
            }
            execution.start(work)
            return execution
        }, serial: { [self] observer, lifetime in
            guard let (execution, work) = prepareExecution(input, output: observer.action, endsRun: false) else { return }
            lifetime.attach(execution)
            execution.start(work)
        })
    }

    /// An attempt to execute with `input`: the execution sending to `output` and the work to
    /// start in it, if the action is enabled (it is then marked executing). Otherwise `nil`,
    /// and `output` has been sent why: `ActionError.disabled` (and `disabledErrors` fired),
    /// or, under a ``RunCause`` restoring state, `interrupted` (a restart never starts work).
    @inlinable func prepareExecution(
        _ input: Input,
        output: @escaping Signal<Output, ActionError<Error>>.Delivery,
        endsRun: Bool
    ) -> (ActionExecution<Output, Error>, SignalProducer<Output, Error>)? {
        if RunCause.isTracking, RunCause.current?.isRestoring == true {
            output(.interrupted)
            return nil
        }
        guard let work = claim(input) else {
            output(.failed(.disabled))
            outlets.disabled.send(value: ())
            return nil
        }
        return (ActionExecution(outlets: outlets, output: output, endsRun: endsRun), work)
    }
}

extension Action where Input == Void {
    /// `apply(())`.
    @inlinable public func apply() -> SignalProducer<Output, ActionError<Error>> { apply(()) }
}

extension Action {
    /// An action enabled while `state` holds a value, whose work receives that value.
    @inlinable public convenience init<P: PropertyProtocol, T>(
        unwrapping state: P,
        execute: @escaping (T, Input) -> SignalProducer<Output, Error>
    ) where P.Value == T? {
        self.init(state: state, enabledIf: { $0 != nil }) { state, input in execute(state!, input) }
    }
}

extension Action {
    /// An action enabled while `state` holds a valid (or coerced) value, whose work receives
    /// that value.
    @inlinable public convenience init<T, E>(
        validated state: ValidatingProperty<T, E>,
        execute: @escaping (T, Input) -> SignalProducer<Output, Error>
    ) {
        self.init(unwrapping: state.result.map { $0.value }, execute: execute)
    }
}

extension Action where Input == Void {
    /// An action without input whose work receives the current value of `state`.
    @inlinable public convenience init<P: PropertyProtocol, T>(
        state: P,
        execute: @escaping (T) -> SignalProducer<Output, Error>
    ) where P.Value == T {
        self.init(state: state) { state, _ in execute(state) }
    }

    /// An action without input, enabled while `state` holds a value, whose work receives it.
    @inlinable public convenience init<P: PropertyProtocol, T>(
        unwrapping state: P,
        execute: @escaping (T) -> SignalProducer<Output, Error>
    ) where P.Value == T? {
        self.init(unwrapping: state) { state, _ in execute(state) }
    }

    /// An action without input, enabled while `state` holds a valid (or coerced) value, whose
    /// work receives it.
    @inlinable public convenience init<T, E>(
        validated state: ValidatingProperty<T, E>,
        execute: @escaping (T) -> SignalProducer<Output, Error>
    ) {
        self.init(validated: state) { state, _ in execute(state) }
    }
}

extension Action: BindingTargetProvider {
    /// The binding target that applies the action to each value and starts it
    /// (`action <~ signal`); it ends with the action. Values arriving while the action is
    /// disabled fire `disabledErrors`, as any disabled apply does.
    public var bindingTarget: BindingTarget<Input> {
        BindingTarget(lifetime: lifetime, recordingSources: { [weak self] lineage in
            self?.boundLineages.withLock { $0.append(lineage.resolved) }
        }) { [weak self] input in
            guard let self else { return }
            // Attributed to the binding, and to what sent its value (`RunCause`).
            if RunCause.isTracking {
                RunCause.with(.binding(RunCause.current)) { self.apply(input).start() }
            } else {
                self.apply(input).start()
            }
        }
    }

    /// The identity ``RunCause/action(_:)`` names this action's executions by.
    public var runIdentity: ObjectIdentifier { ObjectIdentifier(outlets) }

    /// What starts the action from the code: the sources of the signals, producers and
    /// properties bound to it (constant when nothing is).
    package var startLineage: PropertyLineage { .merging(boundLineages.withLock { $0 }) }
}
