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

    /// A list output showing `list`'s rows by their Codable encoding (``SurfaceValueEncoder``),
    /// reporting its edits row by row: how discovery shows a list of `Encodable` rows that are
    /// not ``SurfaceRepresentable``. Its columns are the rows' fields in the order their type
    /// decodes them (``CodableFields``), labelled in words.
    init<L: ListPropertyProtocol & Sendable>(_ name: String, encodingRows list: L, derivesFrom: [String]) {
        self.name = name
        self.derivesFrom = derivesFrom
        self.itemFields = Self.fields(ofRows: L.Element.self)
        @Sendable func encode(_ row: L.Element) -> SurfaceValue { SurfaceValueEncoder.encode(row as! any Encodable) }
        self.producer = list.producer.map { .list($0.map(encode)) }
        self.rowChanges = list.changeProducer.map { $0.map(encode) }
        self.read = { .list(list.value.map(encode)) }
    }

    /// The columns of a list of `row`s by their Codable form; none if they are not records.
    static func fields(ofRows row: Any.Type) -> [SurfaceItemField] {
        guard let decodable = row as? any Decodable.Type else { return [] }
        return CodableFields.of(decodable)?.map { SurfaceItemField($0) } ?? []
    }

    /// An output showing `property`'s values by their Codable encoding (``SurfaceValueEncoder``):
    /// how discovery shows an `Encodable` value that is not ``SurfaceRepresentable`` (an array
    /// of records has their fields as its columns).
    init<P: PropertyProtocol & Sendable>(_ name: String, encoding property: P, derivesFrom: [String]) {
        self.name = name
        self.derivesFrom = derivesFrom
        self.itemFields = (P.Value.self as? any EncodedRows.Type).map { Self.fields(ofRows: $0.rowType) } ?? []
        self.producer = property.producer.map { SurfaceValueEncoder.encode($0 as! any Encodable) }
        self.rowChanges = nil
        self.read = { SurfaceValueEncoder.encode(property.value as! any Encodable) }
    }

    /// The current value.
    public var value: SurfaceValue { read() }
}

/// An array, whose element type is the type of its rows.
protocol EncodedRows {
    static var rowType: Any.Type { get }
}

extension Array: EncodedRows {
    static var rowType: Any.Type { Element.self }
}
