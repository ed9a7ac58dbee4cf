/// The saved state of one stateful operator of a hosted view model: the slot it took, by
/// construction order, in its restoration scope (docs/RESTART-DESIGN.md), and its state as
/// JSON. A restart builds the view models again from these rows.
public struct PersistedSeed: Sendable, Hashable {
    /// The restoration scope the slot belongs to (the host names one per construction).
    public let scope: String
    /// The slot's index in its scope's construction order.
    public let slot: Int
    /// The operator's kind and state type when it was saved (`scan:Array<Message>`).
    public let signature: String
    /// The state as JSON text.
    public let json: String

    /// A saved slot state.
    public init(scope: String, slot: Int, signature: String, json: String) {
        self.scope = scope
        self.slot = slot
        self.signature = signature
        self.json = json
    }
}
