/// Why a products command failed; `description` is one line.
public enum ProductsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `toggle(index)` named no row: `count` rows are shown.
    case indexOutOfRange(index: Int, count: Int)

    public var description: String {
        switch self {
        case let .indexOutOfRange(index, 0):
            "index \(index) is out of range: there are no products yet (run refresh first)"
        case let .indexOutOfRange(index, count):
            "index \(index) is out of range: there are \(count) products (0…\(count - 1))"
        }
    }
}
