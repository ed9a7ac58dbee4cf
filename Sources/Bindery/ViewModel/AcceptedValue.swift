/// A value an input accepted (``SurfaceInput/accept(_:viewModel:)``): as the input will hold
/// and show it, and already converted to the type of the input's property, so that setting it
/// (``SurfaceInput/set(accepted:)``) converts nothing again. It belongs to the input that
/// accepted it.
public struct AcceptedValue: Sendable {
    /// The value as the input holds and shows it ("2026-12-02T10:00:00.000Z" for a date typed
    /// without milliseconds).
    public let value: SurfaceValue
    /// The property's own value (a `Date`, a user's `Codable` struct); nil only when the
    /// property cannot hold `value`, which ``SurfaceInput/accept(_:viewModel:)`` never returns.
    let converted: (any Sendable)?
    /// The property of the input that accepted it.
    let input: ObjectIdentifier
}
