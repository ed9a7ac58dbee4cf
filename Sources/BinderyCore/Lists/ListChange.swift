/// One edit of a list, as a ``MutableListProperty`` reports it: what changed, not the whole
/// list, so an observer can follow a list of any length at the cost of the edit.
///
/// Guarantees: ``apply(to:)`` turns the list before the edit into the list after it, and
/// ``map(_:)`` transforms only the rows the edit carries (an `updated` row is mapped once; a
/// `removed` edit maps nothing).
public enum ListChange<Element> {
    /// The whole list is now `rows` (also the first change of a
    /// ``MutableListProperty/changeProducer``: the list as it is when the run starts).
    case replaced([Element])
    /// `rows` were inserted at `index`; the rows from `index` on moved up by `rows.count`.
    case inserted([Element], at: Int)
    /// The rows in `range` were removed; the rows after it moved down.
    case removed(Range<Int>)
    /// The row at `index` is now `row`.
    case updated(Element, at: Int)

    /// The edit with every row it carries transformed by `transform` (positions unchanged).
    @inlinable public func map<U>(_ transform: (Element) throws -> U) rethrows -> ListChange<U> {
        switch self {
        case let .replaced(rows): return .replaced(try rows.map(transform))
        case let .inserted(rows, index): return .inserted(try rows.map(transform), at: index)
        case let .removed(range): return .removed(range)
        case let .updated(row, index): return .updated(try transform(row), at: index)
        }
    }

    /// Applies the edit to `list`, in place. The edit must fit the list (as every change a
    /// ``MutableListProperty`` reports fits the list it had just before).
    @inlinable public func apply(to list: inout [Element]) {
        switch self {
        case let .replaced(rows): list = rows
        case let .inserted(rows, index): list.insert(contentsOf: rows, at: index)
        case let .removed(range): list.removeSubrange(range)
        case let .updated(row, index): list[index] = row
        }
    }
}

extension ListChange: Sendable where Element: Sendable {}
extension ListChange: Equatable where Element: Equatable {}

extension ListChange: CustomStringConvertible {
    /// `replaced(3 rows)`, `inserted(2 rows at 5)`, `removed(1..<3)`, `updated(at 7)`.
    public var description: String {
        switch self {
        case let .replaced(rows): "replaced(\(rows.count) rows)"
        case let .inserted(rows, index): "inserted(\(rows.count) rows at \(index))"
        case let .removed(range): "removed(\(range))"
        case let .updated(_, index): "updated(at \(index))"
        }
    }
}
