/// Where a property's values come from, as far as its composition shows: the binding graph as
/// the code builds it. `map`, `combineLatest`, `zip`, `skipRepeats`, the boolean operators,
/// `Property(_:)` views and `Property(capturing:)` record the properties they were composed
/// from; a `MutableProperty` (set by code) and a property fed by a producer or a signal record
/// that composition cannot say. ``Surface/init(_:name:_:)`` reads it to say what each output
/// and command derives from.
///
/// A lineage holds its sources' *cores* (the state a property and its views share), never the
/// source properties themselves: a derived property still does not keep its sources alive, and
/// a source's identity cannot be taken by an object allocated after it is gone (the core is
/// held, so its address is not reused). It holds the sources' own lineages too, so a walk
/// passes through intermediate properties (`a.combineLatest(with: b)` in
/// `a.combineLatest(with: b).map(f)`) that no longer exist. Immutable once made.
@usableFromInline package enum PropertyLineage {
    /// Set by code, or fed by a producer or a signal: composition cannot say what from.
    case unknown
    /// Never changes: it derives from nothing.
    case constant
    /// Composed from these properties, in order.
    case composed([PropertyLineageSource])

    /// The lineage of a property composed from `source` alone.
    @usableFromInline static func composed<P: PropertyProtocol>(of source: P) -> PropertyLineage {
        .composed([PropertyLineageSource(source)])
    }

    /// The lineage of a property composed from `a` and `b`.
    @usableFromInline static func composed<A: PropertyProtocol, B: PropertyProtocol>(of a: A, _ b: B) -> PropertyLineage {
        .composed([PropertyLineageSource(a), PropertyLineageSource(b)])
    }

    /// The lineage of a property composed from every one of `sources`.
    @usableFromInline static func composed<S: Sequence>(ofEach sources: S) -> PropertyLineage where S.Element: PropertyProtocol {
        .composed(sources.map { PropertyLineageSource($0) })
    }
}

/// One property a composed property was made from: the identity it has in a binding graph
/// (its core, shared with its views; nil for a property type that records no lineage) and
/// where its own values come from.
@usableFromInline package struct PropertyLineageSource {
    /// The source's core, held (see ``PropertyLineage``) so its identity stays unique.
    package let identity: AnyObject?
    package let lineage: PropertyLineage

    @usableFromInline init<P: PropertyProtocol>(_ property: P) {
        if let recorded = property as? any LineageRecording {
            self.init(identity: recorded.lineageIdentity, lineage: recorded.lineage)
        } else {
            self = .unknown
        }
    }

    /// A source composition cannot name (the inner properties of a `flatMap`, which change
    /// with the outer one's value).
    @usableFromInline static var unknown: PropertyLineageSource { PropertyLineageSource(identity: nil, lineage: .unknown) }

    private init(identity: AnyObject?, lineage: PropertyLineage) {
        self.identity = identity
        self.lineage = lineage
    }
}

/// A property type that records its place in the binding graph.
package protocol LineageRecording: AnyObject {
    /// The object naming it in a graph: its core, which its read-only views share, so a view
    /// is the same node as what it views.
    var lineageIdentity: AnyObject { get }
    /// Where its values come from.
    var lineage: PropertyLineage { get }
}

extension Property: LineageRecording {
    package var lineageIdentity: AnyObject { core }
}

extension MutableProperty: LineageRecording {
    package var lineageIdentity: AnyObject { core }
    /// Set by code: composition cannot say what from.
    package var lineage: PropertyLineage { .unknown }
}

extension MutableListProperty: LineageRecording {
    package var lineageIdentity: AnyObject { core }
    /// Edited by code: composition cannot say what from.
    package var lineage: PropertyLineage { .unknown }
}

extension ListProperty: LineageRecording {
    package var lineageIdentity: AnyObject { list.core }
}
