/// Where a property's (or a stream's) values come from, as far as its composition shows: the
/// binding graph as the code builds it. `map`, `combineLatest`, `zip`, `skipRepeats`, the
/// boolean operators, `Property(_:)` views and `Property(capturing:)` record the properties they
/// were composed from; signals and producers carry the lineage of what they were made from
/// through every operator (time operators, `sample`, `merge`, flatten strategies: see
/// `PropertyLineage+Streams.swift`), so a property fed by one (`Property(initial:then:)`) and a
/// command bound to one (`action <~ signal`) name its sources too. A `MutableProperty` (set by
/// code), a timer and a producer of your own record that composition cannot say; what is bound
/// to a `MutableProperty` with `<~` is recorded apart (`BoundSources`), since it is bound after
/// the property, and often its views, are made.
/// ``Surface/init(_:name:_:)`` reads it to say what each output and command derives from.
///
/// Recorded when a stream or property is made, never per event.
///
/// A lineage holds its sources' *cores* (the state a property and its views share), never the
/// source properties themselves: a derived property still does not keep its sources alive, and
/// a source's identity cannot be taken by an object allocated after it is gone (the core is
/// held, so its address is not reused). It holds the sources' own lineages too, so a walk
/// passes through intermediate properties (`a.combineLatest(with: b)` in
/// `a.combineLatest(with: b).map(f)`) that no longer exist. Immutable once made.
@usableFromInline package enum PropertyLineage: @unchecked Sendable {
    // `@unchecked`: immutable; the objects it holds (cores, a property's signal) are only
    // compared by identity and asked for their lineage, which is immutable too.
    /// Set by code, or fed by a producer or a signal: composition cannot say what from.
    case unknown
    /// Never changes: it derives from nothing.
    case constant
    /// Composed from these properties, in order.
    case composed([PropertyLineageSource])
    /// Composed from the one property whose signal `node` is (a ``LineageNode``): how a
    /// property's `signal` and `producer` name it without allocating anything. Read through
    /// ``resolved``, which is also what anything keeping a lineage stores: a node holds the
    /// property's signal (and so keeps its core owned), the resolved form only its core.
    case node(AnyObject)

    /// The same lineage with a ``node(_:)`` spelled out as the source it stands for.
    @usableFromInline package var resolved: PropertyLineage {
        guard case let .node(object) = self else { return self }
        guard let node = object as? any LineageNode else { return .unknown }
        return .composed([PropertyLineageSource(identity: node.nodeIdentity, lineage: node.nodeLineage)])
    }

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
@usableFromInline package struct PropertyLineageSource: @unchecked Sendable {
    // `@unchecked`: immutable; `identity` is only compared, never used (see PropertyLineage).
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

    @usableFromInline init(identity: AnyObject?, lineage: PropertyLineage) {
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

/// A stream that is a property's own (its `signal`): a node of the binding graph, named by the
/// property's core, whose lineage is the property's.
protocol LineageNode: AnyObject {
    /// The property's core: the node's identity in a graph.
    var nodeIdentity: AnyObject { get }
    /// Where the property's values come from.
    var nodeLineage: PropertyLineage { get }
}
