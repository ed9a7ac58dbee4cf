/// A view model a host can run: it declares its surface, and the host needs nothing else to
/// list, describe, read, set, run and observe it.
///
/// A view model never knows about JSON, sockets or HTTP. Its state is changed only on the
/// scheduler its host gives it; the host hops every set and run onto that scheduler.
///
/// It must be `Sendable`: the host builds it on one queue and hands it to others (the control
/// socket, the HTTP server), which only read its surface. A `final class` whose stored
/// members are all `let`s of `Sendable` types — `MutableProperty`, `Property`, `Action`, the
/// list properties, `Surface`, strings, numbers — is `Sendable` as it is: declare
/// `final class TodoViewModel: ViewModel`. A class with a `var`, or a member of a type that is
/// not `Sendable`, is not; make the `var` a `let` of a `MutableProperty`, or declare
/// `@unchecked Sendable` with a comment saying what keeps that state safe (e.g. it is touched
/// only on the view model's scheduler). Without either, the compiler's error points at the
/// `ViewModel` conformance ("does not conform to protocol 'Sendable'"), not at the member.
public protocol ViewModel: AnyObject, Sendable {
    /// The view model's inputs, outputs and commands.
    var surface: Surface { get }
}
