#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What set work in motion on the current thread, so that a host can say what started an
/// action's execution: a client's set, a binding (`action <~ signal`), another action, or a
/// state being restored.
///
/// Guarantees, once ``startTracking()`` has been called (a host does, once per process;
/// before, nothing is recorded and each hook costs one atomic load):
/// - ``current`` is the cause in effect on this thread: the innermost ``with(_:_:)``.
/// - An `Action`'s binding target (`action <~ signal`) applies the action under
///   `.binding(current)`; an execution's work starts, and each of its events is delivered,
///   under `.action(identity)`: what they start is attributed to them.
/// - Every hop work can take in the core keeps the cause: `QueueScheduler` (on whatever
///   `DispatchQueue` it runs), `TestScheduler` and `UIScheduler` carry the cause in effect
///   when an action is scheduled (not a repeating one: a timer is its own cause) to when it
///   runs, and `ImmediateScheduler` runs it at once, under it; so a cause survives `debounce`,
///   `delay`, `throttle` and `observe(on:)`. The async bridge (`SignalProducer { try await … }`,
///   `Action(execute:)` with an async closure) runs its task under the cause in effect when
///   the run started: its code sees it as ``current`` after every `await`, on whichever thread
///   it resumes, and the values it sends are delivered under it.
/// - An `Action` applied under a cause that ``isRestoring`` does not execute: its run is
///   interrupted at once, nothing reaches its signals and `isExecuting` stays false. Restoring
///   state therefore never starts work, however many operators lie between the restored
///   property and the action.
public indirect enum RunCause: Sendable, Hashable {
    /// Something a host names: `kind` ("client", "set", "start"), what it is about
    /// ("search.query"), if anything, and who asked for it (a client's set), if anyone.
    case named(String, detail: String?, requester: RunRequester? = nil)
    /// An execution of the action with this identity (`Action.runIdentity`): its work
    /// starting, or one of its events being delivered.
    case action(ObjectIdentifier)
    /// A binding into an action applying it to a value; what sent the value, if known.
    case binding(RunCause?)
    /// State being restored (a host's restart): actions applied under it do not execute.
    case restoring

    /// A tick of `SignalProducer.timer`: a repeating timer is its own cause.
    public static let timer = RunCause.named("timer", detail: nil)

    /// Whether this cause is restoring state, or was set in motion by restoring.
    public var isRestoring: Bool {
        switch self {
        case .restoring: return true
        case let .binding(inner?): return inner.isRestoring
        case .named, .action, .binding(nil): return false
        }
    }

    /// Whether causes are recorded and carried (``startTracking()``).
    @inlinable public static var isTracking: Bool { tracking.load(ordering: .relaxed) }

    @usableFromInline static let tracking = Synchronization.Atomic<Bool>(false)

    /// Turns tracking on for the whole process, for good (a host calls it before it starts
    /// its view models' work).
    public static func startTracking() {
        tracking.store(true, ordering: .releasing)
    }

    /// The cause in effect on this thread (the innermost ``with(_:_:)``), else the cause the
    /// current task was started under by the async bridge, or nil.
    public static var current: RunCause? {
        guard isTracking else { return nil }
        if let slot = pthread_getspecific(runCauseKey),
           let cause = Unmanaged<RunCauseSlot>.fromOpaque(slot).takeUnretainedValue().cause {
            return cause
        }
        return ofTask
    }

    /// The cause a task runs under (``task(_:)``): a task-local value, because a task resumes
    /// after each `await` on whichever thread is free, which a thread's cause does not follow.
    @TaskLocal static var ofTask: RunCause?

    /// A task running `operation` under the cause in effect now, when tracking and there is
    /// one (its code, and the child tasks it makes, see it as ``current``); a plain task
    /// otherwise.
    static func task(_ operation: sending @escaping () async -> Void) -> Task<Void, Never> {
        guard isTracking, let cause = current else { return Task(operation: operation) }
        return Task { await $ofTask.withValue(cause) { await operation() } }
    }

    /// Runs `body` with `cause` in effect on this thread (nil: none), then puts the previous
    /// cause back.
    @discardableResult
    public static func with<Result>(_ cause: RunCause?, _ body: () throws -> Result) rethrows -> Result {
        guard isTracking else { return try body() }
        let slot = RunCauseSlot.mine()
        let previous = slot.cause
        slot.cause = cause
        defer { slot.cause = previous }
        return try body()
    }

    /// `action` wrapped to run under the cause in effect now, when tracking and there is one;
    /// `action` itself otherwise (what a scheduler keeps for later).
    @usableFromInline static func carried(_ action: @escaping () -> Void) -> () -> Void {
        guard isTracking, let cause = current else { return action }
        return { with(cause, action) }
    }
}

/// One thread's current cause. `@unchecked Sendable`: each slot is only ever touched by the
/// thread whose thread-specific value it is.
final class RunCauseSlot: @unchecked Sendable {
    var cause: RunCause?

    /// This thread's slot, made on first use (released when the thread ends).
    static func mine() -> RunCauseSlot {
        if let slot = pthread_getspecific(runCauseKey) {
            return Unmanaged<RunCauseSlot>.fromOpaque(slot).takeUnretainedValue()
        }
        let slot = RunCauseSlot()
        pthread_setspecific(runCauseKey, Unmanaged.passRetained(slot).toOpaque())
        return slot
    }
}

/// The thread-specific key of ``RunCauseSlot``; its destructor releases a thread's slot.
private let runCauseKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<RunCauseSlot>.fromOpaque(pointer).release()
    }
    return key
}()
