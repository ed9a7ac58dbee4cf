/// The bound state at one version, encoded once as the `/api/state` document.
public struct StateSnapshot: Sendable {
    /// The state version: increases by one for each batch of changes.
    public let version: UInt64
    /// The `/api/state` JSON (docs/HTTP.md) for this version.
    public let json: [UInt8]
}
