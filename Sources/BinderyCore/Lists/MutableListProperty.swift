import BinderyPrimitives

/// A list property that reports each edit as a ``ListChange``, so that an observer follows a
/// list of any length at the cost of the edit: changing one row of 15,000 sends that row, not
/// the list.
///
/// It is a `PropertyProtocol` of `[Element]` — `value`, `producer` and `signal` carry the whole
/// list, for consumers that want it — and also offers ``changes`` and ``changeProducer``, the
/// edits. Edit it like an array: `list[3] = row`, `list.modify(at: 3) { $0.isSelected.toggle() }`,
/// `list.append(contentsOf:)`, `list.insert(_:at:)`, `list.remove(at:)`; setting `value`
/// replaces every row.
///
/// Guarantees:
/// - Each edit is applied and sent atomically, from any thread: observers see every edit once,
///   in the order they were applied, and applying them in order to the list a
///   ``changeProducer`` run started with gives the current list (the run's first change is
///   `.replaced` with the list at that moment, in order with the edits after it).
/// - An edit of one row costs O(1) beyond its observers' work: rows are changed in place and
///   only the edited rows are sent (a whole-value observer still receives the list, which is
///   shared, not copied — but one that keeps it makes the next edit copy the rows, as holding
///   an array does). An edit that changes nothing (appending no rows, removing an empty
///   range) sends nothing.
/// - An index or range outside the list is a programming error, as it is for `Array`.
/// - Observers delivered on the editing thread may edit the list again without deadlock; their
///   edits are delivered after the current one has reached every observer.
/// - When the property is deinitialised, its signals and producer runs complete.
public final class MutableListProperty<Element>: ListPropertyProtocol, BindingTargetProvider, @unchecked Sendable {
    // `@unchecked`: every stored property is immutable; the rows in `storage` are read and
    // written only under `core.mutex`, the lock that also orders the core's sends, so an edit
    // and its place in the delivery order are one atomic step.
    @usableFromInline let core: SignalCore<ListUpdate<Element>, Never>
    @usableFromInline let storage: ListStorage<Element>
    /// The one signal wrapper of `core` (its owner, as a `MutableProperty`'s `signal` is):
    /// ``changes`` and ``signal`` are derived from it.
    private let updates: Signal<ListUpdate<Element>, Never>
    /// The restoration slot the rows take when the list is made in a ``RestorationScope``.
    private let slot: RestorationSlot?

    /// A list holding `rows`; made while a ``RestorationScope`` is open on this thread, it
    /// takes a slot and holds its seed's rows instead, if one fits.
    public init(_ rows: [Element] = []) {
        let (seeded, slot) = RestorationScope.seeded("MutableListProperty", rows)
        core = SignalCore(owned: true)
        updates = Signal(core: core, isPropertyNode: true)
        storage = ListStorage(seeded)
        self.slot = slot
        // The slot counts the edits and reads the rows when asked (see `RestorationSlot`).
        if let slot {
            let (core, storage) = (core, storage)
            slot.readState { core.mutex.withLock { _ in storage.rows } }
        }
    }

    deinit { core.send(.completed) }

    // MARK: Reading

    /// The whole list; setting it replaces every row (one `.replaced` change).
    public var value: [Element] {
        get { core.mutex.withLock { _ in storage.rows } }
        set { edit { rows in rows = newValue; return ((), .replaced(newValue)) } }
    }

    /// The number of rows.
    public var count: Int { core.mutex.withLock { _ in storage.rows.count } }

    /// Whether the list has no rows.
    public var isEmpty: Bool { count == 0 }

    /// The row at `index`; setting it sends `.updated`.
    public subscript(index: Int) -> Element {
        get { core.mutex.withLock { _ in storage.rows[index] } }
        set { modify(at: index) { $0 = newValue } }
    }

    // MARK: Observing

    /// Every edit after the moment of observation.
    public var changes: Signal<ListChange<Element>, Never> { updates.map(\.change) }

    /// `.replaced` with the current list, then every edit.
    public var changeProducer: SignalProducer<ListChange<Element>, Never> {
        replaying { $0.change }
    }

    /// The whole list after every edit after the moment of observation.
    public var signal: Signal<[Element], Never> { updates.map(\.list) }

    /// The current list, then the whole list after every edit.
    public var producer: SignalProducer<[Element], Never> {
        replaying { $0.list }
    }

    /// Ends when the property is deinitialised.
    public var lifetime: Lifetime { core.lifetime }

    /// The binding target that replaces the whole list.
    public var bindingTarget: BindingTarget<[Element]> {
        BindingTarget(lifetime: lifetime) { [weak self] in self?.value = $0 }
    }

    // MARK: Editing

    /// Changes the row at `index` in place (one `.updated` change) and returns what `action`
    /// returned. `action` must not read or edit this list.
    @discardableResult
    public func modify<Result>(at index: Int, _ action: (inout Element) -> Result) -> Result {
        edit { rows in
            let result = action(&rows[index])
            return (result, .updated(rows[index], at: index))
        }
    }

    /// Applies `change` (an edit another list reported, say), sending it as it is.
    public func apply(_ change: ListChange<Element>) {
        edit { rows in
            change.apply(to: &rows)
            return ((), change)
        }
    }

    /// Appends `row`.
    public func append(_ row: Element) {
        append(contentsOf: [row])
    }

    /// Appends `newRows` (one `.inserted` change at the old end; none if `newRows` is empty).
    public func append(contentsOf newRows: [Element]) {
        edit { rows in
            let index = rows.count
            rows.append(contentsOf: newRows)
            return ((), newRows.isEmpty ? nil : .inserted(newRows, at: index))
        }
    }

    /// Inserts `row` at `index`.
    public func insert(_ row: Element, at index: Int) {
        insert(contentsOf: [row], at: index)
    }

    /// Inserts `newRows` at `index` (one `.inserted` change; none if `newRows` is empty).
    public func insert(contentsOf newRows: [Element], at index: Int) {
        edit { rows in
            rows.insert(contentsOf: newRows, at: index)
            return ((), newRows.isEmpty ? nil : .inserted(newRows, at: index))
        }
    }

    /// Removes and returns the row at `index`.
    @discardableResult
    public func remove(at index: Int) -> Element {
        edit { rows in (rows.remove(at: index), .removed(index..<index + 1)) }
    }

    /// Removes the rows in `range` (one `.removed` change; none if `range` is empty).
    public func removeSubrange(_ range: Range<Int>) {
        edit { rows in
            rows.removeSubrange(range)
            return ((), range.isEmpty ? nil : .removed(range))
        }
    }

    /// Removes every row (one `.removed` change; none if the list was empty).
    public func removeAll() {
        edit { rows in
            let range = 0..<rows.count
            rows.removeAll()
            return ((), range.isEmpty ? nil : .removed(range))
        }
    }

    // MARK: Machinery

    /// Applies `body` to the rows under the lock and sends the change it returns, if any.
    private func edit<Result>(_ body: (inout [Element]) -> (Result, ListChange<Element>?)) -> Result {
        let (storage, slot) = (storage, slot)
        return core.send { () -> (Result, ListUpdate<Element>?) in
            let (result, change) = body(&storage.rows)
            if change != nil { slot?.recordChange() }
            return (result, change.map { ListUpdate(change: $0, list: storage.rows) })
        }
    }

    /// A producer replaying the current list as `.replaced`, then every edit, through `pick`.
    private func replaying<Value>(_ pick: @escaping (ListUpdate<Element>) -> Value) -> SignalProducer<Value, Never> {
        let core = core
        let storage = storage
        // The run holds the core and the rows, not this property: like a `MutableProperty`'s
        // producer, it completes when the property goes (after replaying the last list).
        return SignalProducer(lineage: updates.lineage, serial: { observer, lifetime in
            let upstream = Signal<ListUpdate<Element>, Never>.Observer { observer.send($0.map(pick)) }
            lifetime.attach(core.observeReplaying(upstream) { ListUpdate(change: .replaced(storage.rows), list: storage.rows) })
        })
    }
}

/// What a ``MutableListProperty`` sends: the edit, and the whole list after it (shared, not
/// copied) for whole-value observers.
@usableFromInline struct ListUpdate<Element> {
    @usableFromInline let change: ListChange<Element>
    @usableFromInline let list: [Element]
}

/// The rows of a ``MutableListProperty``, in a box its producer runs can share.
@usableFromInline final class ListStorage<Element>: @unchecked Sendable {
    // `@unchecked`: `rows` is only touched under the owning property's `core.mutex`.
    @exclusivity(unchecked) @usableFromInline var rows: [Element]

    init(_ rows: [Element]) { self.rows = rows }
}
