/// A property of a list that also reports each edit: ``MutableListProperty`` and
/// ``ListProperty``. `value`, `producer` and `signal` carry the whole list; ``changes`` and
/// ``changeProducer`` carry the edits only.
public protocol ListPropertyProtocol<Element>: PropertyProtocol where Value == [Element] {
    /// The type of the list's rows.
    associatedtype Element
    /// The number of rows.
    var count: Int { get }
    /// Every edit after the moment of observation.
    var changes: Signal<ListChange<Element>, Never> { get }
    /// `.replaced` with the current list, then every edit; applying them in order to an empty
    /// list gives the current list at every step.
    var changeProducer: SignalProducer<ListChange<Element>, Never> { get }
}

extension ListPropertyProtocol {
    /// A read-only list whose rows are `transform` of this one's, edit by edit: an edit of one
    /// row transforms that row only. (`map` maps the whole list, as for any property.)
    public func mapRows<U>(_ transform: @escaping (Element) -> U) -> ListProperty<U> {
        ListProperty(replaying: changeProducer.map { $0.map(transform) }, lineage: .composed(of: self))
    }
}
