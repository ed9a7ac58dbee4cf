import Bindery

/// One row of the products list (seed 002's MainCell): a product's title and whether it is
/// selected; its colour follows the selection.
public struct ProductCell: Sendable, Hashable, Codable, SurfaceItem {
    /// The products list's columns.
    public static let itemFields = [SurfaceItemField("color", label: "Colour"), SurfaceItemField("title"),
                                    SurfaceItemField("isSelected", label: "Selected")]

    /// The product's title.
    public let title: String
    /// Whether the row is selected.
    public var isSelected: Bool

    /// A cell for `title`, selected or not.
    public init(title: String, isSelected: Bool = false) {
        self.title = title
        self.isSelected = isSelected
    }

    /// "yellow" when not selected, "red" when selected.
    public var color: String { isSelected ? "red" : "yellow" }

    /// `{title, isSelected, color}`.
    public var surfaceValue: SurfaceValue {
        .record(["title": .string(title), "isSelected": .bool(isSelected), "color": .string(color)])
    }
}
