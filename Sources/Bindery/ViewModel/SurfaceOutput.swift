/// A read-only, derived value of a view model, as plain data.
public struct SurfaceOutput: Sendable {
    /// The output's name, unique within its view model.
    public let name: String
    /// The inputs (or other outputs) it is derived from, for the binding graph.
    public let derivesFrom: [String]
    /// For a list of ``SurfaceItem``s: its items' fields, the list's columns; empty otherwise.
    public let itemFields: [SurfaceItemField]
    /// Its current value, then every change.
    public let producer: SignalProducer<SurfaceValue, Never>
    private let read: @Sendable () -> SurfaceValue

    /// An output showing `property`, derived from `derivesFrom`.
    public init<P: PropertyProtocol & Sendable>(_ name: String, _ property: P, derivesFrom: [String] = []) where P.Value: SurfaceRepresentable {
        self.name = name
        self.derivesFrom = derivesFrom
        self.itemFields = (P.Value.self as? any SurfaceItemList.Type)?.itemFields ?? []
        self.producer = property.producer.map(\.surfaceValue)
        self.read = { property.value.surfaceValue }
    }

    /// The current value.
    public var value: SurfaceValue { read() }
}
