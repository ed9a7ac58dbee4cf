/// A column of a list output: one field of its items, and how views label it.
public struct SurfaceItemField: Sendable, Hashable {
    /// The record field's name.
    public let name: String
    /// The column's heading.
    public let label: String

    /// The field `name`, labelled `label` — by default `name` in words
    /// (`avatarURL` → "Avatar URL", `fullName` → "Full name").
    public init(_ name: String, label: String? = nil) {
        self.name = name
        self.label = label ?? Self.words(name)
    }

    static func words(_ name: String) -> String {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord = character.isUppercase && !current.isEmpty
                && (current.last?.isLowercase == true || next?.isLowercase == true)
            if startsWord { words.append(current); current = "" }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.enumerated().map { index, word in
            let isAcronym = word.count > 1 && word.allSatisfy(\.isUppercase)
            if isAcronym { return word }
            return index == 0 ? word.prefix(1).uppercased() + word.dropFirst() : word.lowercased()
        }.joined(separator: " ")
    }
}

/// A value shown as one row of a list output: a record whose fields are known in advance, so
/// a view can lay out the list's columns (and label them) before it has any rows.
/// A `SurfaceOutput` of `[Item]` carries `Item.itemFields` as its ``SurfaceOutput/itemFields``.
public protocol SurfaceItem: SurfaceRepresentable {
    /// The record's fields, in the order views show them.
    static var itemFields: [SurfaceItemField] { get }
}

/// A list type whose items are ``SurfaceItem``s.
protocol SurfaceItemList {
    static var itemFields: [SurfaceItemField] { get }
}

extension Array: SurfaceItemList where Element: SurfaceItem {
    static var itemFields: [SurfaceItemField] { Element.itemFields }
}

extension SurfaceItem where Self: Encodable {
    /// A `Codable` row needs no `surfaceValue` of its own: it shows its Codable form, a record
    /// of its fields (dates as ISO 8601, raw-value enums as their raw value).
    public var surfaceValue: SurfaceValue { SurfaceValueEncoder.encodeCodableForm(self) }
}

extension SurfaceItem where Self: Decodable {
    /// A `Codable` row needs no `itemFields` of its own: its columns are its fields in the
    /// order it decodes them (a synthesised `Codable` struct: declaration order), each
    /// labelled in words (``SurfaceItemField/init(_:label:)``).
    public static var itemFields: [SurfaceItemField] { SurfaceOutput.fields(ofRows: Self.self) }
}
