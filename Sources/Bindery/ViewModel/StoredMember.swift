/// A piece of a view model's state that a host saves and restores across restarts: a
/// `MutableProperty` or `MutableListProperty` of a `Codable` value that the view model holds
/// (its own stored member, or one of a stored object it owns, such as a client's counters),
/// and that is not an input (inputs are saved as inputs).
///
/// Found by ``discover(in:surface:)`` with no code in the view model: the private property
/// behind an output (`products = ListProperty(cells)`, `pageIndex = Property(lastPage)`) and
/// hidden state that derived outputs are computed from (`tweets`' listing) alike. A member
/// whose value is not `Codable` cannot be restored, nor one whose value holds a class instance
/// (a host encodes what it saves on another thread, from a copy, which only a value makes
/// safe; see `ValueSemantics`); ``discover(in:surface:)`` names both, so a host can say so.
public struct StoredMember: Sendable {
    /// The member's path from the view model: `cells`, `client.requestCount`.
    public let name: String
    /// Sends once for every change of the member's value (not its first value); for a list,
    /// see ``rowChanges``.
    public let changes: SignalProducer<Void, Never>
    /// For a `MutableListProperty`: each edit after the first value, carrying only the rows
    /// it changed — so saving a list costs what the edit costs, whatever the list's length.
    /// Nil for a `MutableProperty`.
    public let rowChanges: SignalProducer<ListChange<any Codable>, Never>?
    let access: any StoredValueAccess

    /// The current value (a copy: members hold values).
    public var value: any Codable { access.read() }

    /// The type of its value, to decode a saved one with (for a list, the array's).
    public var valueType: any Codable.Type { access.valueType }

    /// For a list, its rows now (copies); nil for a `MutableProperty`.
    public var rows: [any Codable]? { access.rows() }

    /// Sets the member to `value` (decoded as ``valueType``); false, changing nothing, when it
    /// is of another type. Must run on the view model's scheduler, like every change to it.
    @discardableResult
    public func restore(_ value: Any) -> Bool { access.write(value) }

    init<Value>(name: String, producer: SignalProducer<Value, Never>,
                rowChanges: SignalProducer<ListChange<any Codable>, Never>? = nil, access: some StoredValueAccess) {
        self.name = name
        self.changes = producer.skip(first: 1).map { _ in () }
        self.rowChanges = rowChanges
        self.access = access
    }

    /// What ``discover(in:surface:)`` found.
    public struct Discovery: Sendable {
        /// The members a host saves and restores, in declaration order.
        public let members: [StoredMember]
        /// Paths of mutable members whose value is not `Codable`: not restored.
        public let notCodable: [String]
        /// Paths of `Codable` members whose value holds a class instance (found at discovery,
        /// in the value's stored properties and the first elements of its collections): not
        /// saved, since the copy a host encodes on another thread would share that object
        /// with the view model changing it.
        public let notValues: [String]
        /// The objects of every member found, restorable or not (for `excluding`, so a member
        /// two view models reach is restored once).
        public let claimed: Set<ObjectIdentifier>
    }

    /// The stored members of `model` (and of the objects it stores, one level down) that hold
    /// restorable state, leaving out `surface`'s inputs, members the surface's declaration
    /// marks ``SurfaceDeclaration/transient(_:)``, and any object in `excluding` (members
    /// another view model already claimed). Members are named by their Swift path.
    public static func discover(in model: AnyObject, surface: Surface, excluding: Set<ObjectIdentifier> = []) -> Discovery {
        var members: [StoredMember] = []
        var notCodable: [String] = []
        var notValues: [String] = []
        var claimed: Set<ObjectIdentifier> = []
        var seen = excluding.union(surface.inputs.map(\.propertyIdentity))
        seen.insert(ObjectIdentifier(model))
        func visit(_ object: AnyObject, prefix: String, depth: Int) {
            for (label, value) in storedChildren(of: object) where !surface.transientMembers.contains(prefix + label) {
                let path = prefix + label
                guard Mirror(reflecting: value).displayStyle == .class else { continue }
                let child = value as AnyObject
                guard seen.insert(ObjectIdentifier(child)).inserted else { continue }
                if let restorable = value as? any StoredMemberConvertible {
                    let member = restorable.storedMember(named: path)
                    if member.access.holdsReference { notValues.append(path) } else { members.append(member) }
                    claimed.insert(ObjectIdentifier(child))
                } else if value is any MutableStateMarker {
                    notCodable.append(path)
                    claimed.insert(ObjectIdentifier(child))
                } else if depth == 0, !Self.isLibraryType(Swift.type(of: value)) {
                    // An object the view model owns (a client): its own state, one level down.
                    // The core's types (properties, signals, actions, a ValidatingProperty
                    // whose value its inner property holds) hold no state to save as members:
                    // what they keep is their operators' (docs/RESTART-DESIGN.md).
                    visit(child, prefix: path + ".", depth: depth + 1)
                }
            }
        }
        visit(model, prefix: "", depth: 0)
        return Discovery(members: members, notCodable: notCodable, notValues: notValues, claimed: claimed)
    }

    /// Whether `type` is one of this library's or the core's own.
    static func isLibraryType(_ type: Any.Type) -> Bool {
        let name = String(reflecting: type)
        return name.hasPrefix("Bindery.") || name.hasPrefix("BinderyCore.")
    }

    /// The stored properties of `object` with their labels, a superclass's first.
    static func storedChildren(of object: AnyObject) -> [(String, Any)] {
        var levels: [[(String, Any)]] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            levels.append(current.children.compactMap { child in child.label.map { ($0, child.value) } })
            mirror = current.superclassMirror
        }
        return levels.reversed().flatMap { $0 }
    }
}

/// A mutable member that ``StoredMember/discover(in:surface:)`` can restore.
protocol StoredMemberConvertible {
    func storedMember(named name: String) -> StoredMember
}

/// Any `MutableProperty` or `MutableListProperty`, restorable or not (to name those that are not).
protocol MutableStateMarker {}

extension MutableProperty: MutableStateMarker {}
extension MutableListProperty: MutableStateMarker {}

extension MutableProperty: StoredMemberConvertible where Value: Codable {
    func storedMember(named name: String) -> StoredMember {
        StoredMember(name: name, producer: producer, access: PropertyAccess(property: self))
    }
}

extension MutableListProperty: StoredMemberConvertible where Element: Codable {
    func storedMember(named name: String) -> StoredMember {
        StoredMember(name: name, producer: producer,
                     rowChanges: changeProducer.skip(first: 1).map { change in change.map { $0 as any Codable } },
                     access: ListAccess(list: self))
    }
}

/// Reads and writes one stored member's value, whatever its type.
protocol StoredValueAccess: Sendable {
    var valueType: any Codable.Type { get }
    func read() -> any Codable
    func rows() -> [any Codable]?
    func write(_ value: Any) -> Bool
    /// Whether the value (as it is now) holds a class instance (see `ValueSemantics`).
    var holdsReference: Bool { get }
}

/// `@unchecked Sendable`: holds only the property, which is itself thread-safe.
private final class PropertyAccess<Value: Codable>: StoredValueAccess, @unchecked Sendable {
    let property: MutableProperty<Value>
    init(property: MutableProperty<Value>) { self.property = property }
    var valueType: any Codable.Type { Value.self }
    var holdsReference: Bool { ValueSemantics.holdsReference(property.value) }
    func read() -> any Codable { property.value }
    func rows() -> [any Codable]? { nil }
    func write(_ value: Any) -> Bool {
        guard let value = value as? Value else { return false }
        property.value = value
        return true
    }
}

/// `@unchecked Sendable`: holds only the list, which is itself thread-safe.
private final class ListAccess<Element: Codable>: StoredValueAccess, @unchecked Sendable {
    let list: MutableListProperty<Element>
    init(list: MutableListProperty<Element>) { self.list = list }
    var valueType: any Codable.Type { [Element].self }
    var holdsReference: Bool {
        Element.self is AnyClass || list.value.prefix(ValueSemantics.sampledElements).contains { ValueSemantics.holdsReference($0) }
    }
    func read() -> any Codable { list.value }
    func rows() -> [any Codable]? { list.value.map { $0 as any Codable } }
    func write(_ value: Any) -> Bool {
        guard let value = value as? [Element] else { return false }
        list.value = value
        return true
    }
}
