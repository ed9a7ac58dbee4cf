import BinderySQLite
/// A product of the paged catalogue (the products view model's cells).
public struct Product: Sendable, Hashable {
    /// Stable identifier; the catalogue is ordered by it.
    public let id: Int
    /// Display title.
    public let title: String

    /// Creates a product value.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }

    init(row: SQLiteRow) throws(SQLiteError) {
        self.init(id: try row.value("id"), title: try row.value("title"))
    }
}
