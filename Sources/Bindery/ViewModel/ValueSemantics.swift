/// Whether a stored member's value can be handed to another thread as a copy: a host encodes
/// what it saves on its commit writer, off the view models' scheduler, while the scheduler
/// may already be changing the member again. A copy of a struct, an enum, a string or an
/// array of them is the value as it was; a class instance inside it is still shared, and the
/// writer would read it while it changes.
enum ValueSemantics {
    /// How many elements of a collection are looked at. A `Codable` collection's elements are
    /// of one static type, so a class among them shows in the first ones; a view model's list
    /// of thousands of rows is not walked whole at every start.
    static let sampledElements = 8

    /// Whether `value` holds a class instance: it is one, or one of its stored properties,
    /// cases' payloads or (sampled) elements holds one, at any depth. Types of the standard
    /// library and Foundation are taken at their word (`Data`, `URL` keep class storage behind
    /// value semantics). A nil optional or an empty collection shows nothing, so a member
    /// declared as one is checked only as far as its value at discovery goes.
    static func holdsReference(_ value: Any) -> Bool {
        let type = Swift.type(of: value)
        if type is AnyClass { return true }
        if isTrustedValueType(type) && !isContainer(type) { return false }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class?:
            return true
        case .collection?, .set?, .dictionary?:
            return mirror.children.prefix(sampledElements).contains { holdsReference($0.value) }
        default:
            return mirror.children.contains { holdsReference($0.value) }
        }
    }

    /// Whether `type` belongs to the standard library or Foundation.
    private static func isTrustedValueType(_ type: Any.Type) -> Bool {
        let name = String(reflecting: type)
        return name.hasPrefix("Swift.") || name.hasPrefix("Foundation.") || name.hasPrefix("FoundationEssentials.")
    }

    /// Whether `type` is one of the standard library's generic containers, whose elements are
    /// the caller's types (an array of classes is not a value).
    private static func isContainer(_ type: Any.Type) -> Bool {
        let name = String(reflecting: type)
        return ["Swift.Array<", "Swift.ContiguousArray<", "Swift.Set<", "Swift.Dictionary<", "Swift.Optional<", "Swift.ArraySlice<"]
            .contains { name.hasPrefix($0) }
    }
}
