import Bindery

extension Book: SurfaceItem {
    /// The books list's columns.
    public static let itemFields = [SurfaceItemField("title"), SurfaceItemField("author"), SurfaceItemField("year")]

    /// The book as a result row: `{title, author, year}`.
    public var surfaceValue: SurfaceValue {
        .record(["title": .string(title), "author": .string(author), "year": .int(year)])
    }
}
