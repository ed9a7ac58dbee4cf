/// An unordered collection that hands back a token for each insertion, so the element can be
/// removed again in constant time regardless of equality (ReactiveSwift's `Bag`). Iteration
/// visits the elements in insertion order. Not thread-safe: protect it as you would an array.
public struct Bag<Element> {
    /// Identifies one insertion.
    public struct Token: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    fileprivate var elements: ContiguousArray<Element> = []
    fileprivate var tokens: ContiguousArray<UInt64> = []
    private var nextToken: UInt64 = 0

    /// An empty bag.
    public init() {}

    /// A bag of `elements`.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for element in elements { insert(element) }
    }

    /// Adds `element`; the token removes it again.
    @discardableResult
    public mutating func insert(_ element: Element) -> Token {
        let token = nextToken
        nextToken &+= 1
        elements.append(element)
        tokens.append(token)
        return Token(value: token)
    }

    /// Removes the element `token` was returned for; nothing if it was already removed.
    @discardableResult
    public mutating func remove(using token: Token) -> Element? {
        // Tokens are increasing, so the position is found by binary search.
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle] < token.value { low = middle + 1 } else { high = middle }
        }
        guard low < tokens.count, tokens[low] == token.value else { return nil }
        tokens.remove(at: low)
        return elements.remove(at: low)
    }
}

extension Bag: RandomAccessCollection {
    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }

    /// An iterator over the elements in insertion order.
    public func makeIterator() -> Iterator { Iterator(elements.makeIterator()) }

    /// Iterates a bag's elements in insertion order (ReactiveSwift's `Bag.Iterator`). It
    /// iterates the elements as they were when it was made: later changes to the bag do not
    /// affect it.
    public struct Iterator: IteratorProtocol {
        private var base: ContiguousArray<Element>.Iterator

        fileprivate init(_ base: ContiguousArray<Element>.Iterator) { self.base = base }

        /// The next element, or `nil` after the last.
        public mutating func next() -> Element? { base.next() }
    }
}

extension Bag: Sendable where Element: Sendable {}
