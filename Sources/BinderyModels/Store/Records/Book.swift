import BinderySQLite
/// A book of the searchable catalogue (the books view model's results).
public struct Book: Sendable, Hashable, Codable {
    /// Stable identifier.
    public let id: Int
    /// Title.
    public let title: String
    /// Author or authors, comma-separated.
    public let author: String
    /// Year of first publication.
    public let year: Int

    /// Creates a book value.
    public init(id: Int, title: String, author: String, year: Int) {
        self.id = id
        self.title = title
        self.author = author
        self.year = year
    }

    init(row: SQLiteRow) throws(SQLiteError) {
        self.init(
            id: try row.value("id"),
            title: try row.value("title"),
            author: try row.value("author"),
            year: try row.value("year"))
    }
}
