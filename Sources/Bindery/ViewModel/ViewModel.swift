/// A view model a host can run: it declares its surface, and the host needs nothing else to
/// list, describe, read, set, run and observe it.
///
/// A view model never knows about JSON, sockets or HTTP. Its state is changed only on the
/// scheduler its host gives it; the host hops every set and run onto that scheduler.
public protocol ViewModel: AnyObject, Sendable {
    /// The view model's inputs, outputs and commands.
    var surface: Surface { get }
}
