/// A view model a host can run: it declares its surface, and the host needs nothing else to
/// list, describe, read, set, run and observe it.
///
/// A view model never knows about JSON, sockets or HTTP. Its state is changed only on the
/// scheduler its host gives it; the host hops every set and run onto that scheduler.
///
/// It must be `Sendable`: a daemon builds it on one queue and its host holds it from others
/// (every change still hops onto its scheduler). A `final class` whose stored
/// members are all `let`s of `Sendable` types — `MutableProperty`, `Property`, `Action`, the
/// list properties, `Surface`, strings, numbers — is `Sendable` as it is: declare
/// `final class TodoViewModel: ViewModel`. A class with a `var`, or a member of a type that is
/// not `Sendable`, is not; make the `var` a `let` of a `MutableProperty`, or declare
/// `@unchecked Sendable` with a comment saying what keeps that state safe (e.g. it is touched
/// only on the view model's scheduler). The compiler's errors ("stored property 'count' of
/// 'Sendable'-conforming class … is mutable", "non-final class … cannot conform to the
/// 'Sendable' protocol") do not say that the `Sendable` is this protocol's.
public protocol ViewModel: AnyObject, Sendable {
    /// The view model's inputs, outputs and commands.
    var surface: Surface { get }
}
