import Bindery

extension Book: SurfaceRepresentable {
    /// The book as a result row: `{title, author, year}`.
    public var surfaceValue: SurfaceValue {
        .record(["title": .string(title), "author": .string(author), "year": .int(year)])
    }
}
