/// A read-only, derived value of a view model, as plain data.
public struct SurfaceOutput: Sendable {
    /// The output's name, unique within its view model.
    public let name: String
    /// The members (inputs, other outputs, commands that set it) it is derived from, for the
    /// binding graph; ``Surface/init(_:name:_:)`` reads them from the code.
    public let derivesFrom: [String]
    /// For a list of ``SurfaceItem``s: its items' fields, the list's columns; empty otherwise.
    public let itemFields: [SurfaceItemField]
    /// Its current value, then every change.
    public let producer: SignalProducer<SurfaceValue, Never>
    /// For a list output that reports its edits (one showing a ``ListPropertyProtocol``):
    /// `.replaced` with its rows, then each edit, every row it carries converted to plain data
    /// on its own — so following it costs what the edits cost, whatever the list's length.
    /// Nil for every other output: hosts follow ``producer`` and compare whole values.
    public let rowChanges: SignalProducer<ListChange<SurfaceValue>, Never>?
    private let read: @Sendable () -> SurfaceValue

    /// An output showing `property`, derived from `derivesFrom`.
    public init<P: PropertyProtocol & Sendable>(_ name: String, _ property: P, derivesFrom: [String] = []) where P.Value: SurfaceRepresentable {
        self.name = name
        self.derivesFrom = derivesFrom
        self.itemFields = (P.Value.self as? any SurfaceItemList.Type)?.itemFields ?? []
        self.producer = property.producer.map(\.surfaceValue)
        self.rowChanges = nil
        self.read = { property.value.surfaceValue }
    }

    /// A list output showing `list` that reports its edits row by row (``rowChanges``),
    /// derived from `derivesFrom`.
    public init<L: ListPropertyProtocol & Sendable>(_ name: String, _ list: L, derivesFrom: [String] = []) where L.Element: SurfaceRepresentable {
        self.name = name
        self.derivesFrom = derivesFrom
        self.itemFields = (L.Element.self as? any SurfaceItem.Type)?.itemFields ?? []
        self.producer = list.producer.map(\.surfaceValue)
        self.rowChanges = list.changeProducer.map { $0.map(\.surfaceValue) }
        self.read = { list.value.surfaceValue }
    }

    /// An output showing `property`'s values by their Codable encoding (``SurfaceValueEncoder``):
    /// how discovery shows an `Encodable` value that is not ``SurfaceRepresentable``.
    init<P: PropertyProtocol & Sendable>(_ name: String, encoding property: P, derivesFrom: [String]) {
        self.name = name
        self.derivesFrom = derivesFrom
        self.itemFields = []
        self.producer = property.producer.map { SurfaceValueEncoder.encode($0 as! any Encodable) }
        self.rowChanges = nil
        self.read = { SurfaceValueEncoder.encode(property.value as! any Encodable) }
    }

    /// The current value.
    public var value: SurfaceValue { read() }
}
