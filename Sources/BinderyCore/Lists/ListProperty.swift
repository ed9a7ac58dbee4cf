/// A read-only list property: a view of a ``MutableListProperty``, or a list kept from a stream
/// of ``ListChange``s (such as another list's rows mapped with ``ListPropertyProtocol/mapRows(_:)``).
/// Like `Property` for `MutableProperty`: a view model keeps the mutable list private and
/// exposes this.
///
/// Guarantees: everything ``MutableListProperty`` guarantees for observers — each edit once, in
/// order, at the cost of the edit, `.replaced` first on every ``changeProducer`` run.
public final class ListProperty<Element>: ListPropertyProtocol, @unchecked Sendable {
    // `@unchecked`: every stored property is immutable and `MutableListProperty` is itself
    // thread-safe.
    /// The rows: the viewed list, or the one a stream keeps.
    let list: MutableListProperty<Element>
    /// The run feeding a list kept from a stream; nil for a view.
    private let feed: Disposable?
    /// What the list was composed from, for the binding graph (``PropertyLineage``).
    package let lineage: PropertyLineage

    /// A read-only view of `list`, sharing its rows and edits.
    public init(_ list: MutableListProperty<Element>) {
        self.list = list
        feed = nil
        lineage = .unknown
    }

    /// A list kept from a run of `changes`, started now and lasting as long as this property.
    /// Its first change must be `.replaced` (as every ``changeProducer`` starts), or the list
    /// starts empty and each edit must fit it.
    public convenience init(replaying changes: SignalProducer<ListChange<Element>, Never>) {
        self.init(replaying: changes, lineage: .unknown)
    }

    /// `init(replaying:)` composed as `lineage` says.
    init(replaying changes: SignalProducer<ListChange<Element>, Never>, lineage: PropertyLineage) {
        let list = MutableListProperty<Element>()
        self.list = list
        self.lineage = lineage
        feed = changes.startWithValues { [weak list] change in list?.apply(change) }
    }

    deinit { feed?.dispose() }

    /// The whole list.
    public var value: [Element] { list.value }
    /// The number of rows.
    public var count: Int { list.count }
    /// The row at `index`.
    public subscript(index: Int) -> Element { list[index] }
    /// Every edit after the moment of observation.
    public var changes: Signal<ListChange<Element>, Never> { list.changes }
    /// `.replaced` with the current list, then every edit.
    public var changeProducer: SignalProducer<ListChange<Element>, Never> { list.changeProducer }
    /// The whole list after every edit after the moment of observation.
    public var signal: Signal<[Element], Never> { list.signal }
    /// The current list, then the whole list after every edit.
    public var producer: SignalProducer<[Element], Never> { list.producer }
}
