/// The observers of a `SignalCore`, and the snapshot of them an event is delivered to.
///
/// Most signals and properties have one observer at a time, so one is held inline: no array
/// buffer for it, and attaching or detaching it, or taking a snapshot, touches no array
/// (what that saves: BENCHMARKS.md, "Layout and allocations"). Not thread-safe: the core keeps its
/// list under its lock and hands snapshots (values) to the delivery loop.
@usableFromInline struct SubscriptionList<Element: AnyObject>: Sequence, ExpressibleByArrayLiteral {
    @usableFromInline enum Storage {
        case none
        case one(Element)
        case many(ContiguousArray<Element>)
    }

    @usableFromInline var storage: Storage

    /// An empty list.
    @inlinable init() { storage = .none }

    @inlinable init(arrayLiteral elements: Element...) {
        switch elements.count {
        case 0: storage = .none
        case 1: storage = .one(elements[0])
        default: storage = .many(ContiguousArray(elements))
        }
    }

    @inlinable var isEmpty: Bool {
        switch storage {
        case .none: return true
        case .one: return false
        case let .many(elements): return elements.isEmpty
        }
    }

    @inlinable mutating func append(_ element: Element) {
        switch storage {
        case .none:
            storage = .one(element)
        case let .one(first):
            storage = .many([first, element])
        case var .many(elements):
            // Let go of the stored buffer first, so the append does not copy it when no
            // snapshot shares it.
            storage = .none
            elements.append(element)
            storage = .many(elements)
        }
    }

    /// Removes `element` (by identity), if present; returns whether it was.
    @discardableResult
    @inlinable mutating func remove(_ element: Element) -> Bool {
        switch storage {
        case .none:
            return false
        case let .one(only):
            guard only === element else { return false }
            storage = .none
            return true
        case var .many(elements):
            guard let index = elements.firstIndex(where: { $0 === element }) else { return false }
            storage = .none
            elements.remove(at: index)
            storage = .many(elements)
            return true
        }
    }

    /// Calls `body` with each element, in order, consuming the list (a queued interruption
    /// of one run, `SignalCore.takeQueued`). A switch rather than an iterator, and the loop's
    /// own snapshot handed over, so one observer costs one call and no retain of its own. The
    /// delivery loop itself switches over `storage` (`SignalCore.deliver(_:to:)`), to hand a
    /// single observer the event owned.
    @inlinable consuming func visit(_ body: (Element) -> Void) {
        switch storage {
        case .none: return
        case let .one(element): body(element)
        case let .many(elements): for element in elements { body(element) }
        }
    }

    @inlinable func makeIterator() -> Iterator { Iterator(storage) }

    @usableFromInline struct Iterator: IteratorProtocol {
        @usableFromInline var single: Element?
        @usableFromInline var elements: ContiguousArray<Element>
        @usableFromInline var index = 0

        @inlinable init(_ storage: Storage) {
            switch storage {
            case .none: single = nil; elements = []
            case let .one(element): single = element; elements = []
            case let .many(all): single = nil; elements = all
            }
        }

        @inlinable mutating func next() -> Element? {
            if let element = single {
                single = nil
                return element
            }
            guard index < elements.count else { return nil }
            defer { index += 1 }
            return elements[index]
        }
    }
}

extension SubscriptionList: Sendable where Element: Sendable {}
extension SubscriptionList.Storage: Sendable where Element: Sendable {}
