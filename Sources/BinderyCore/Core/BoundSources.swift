import BinderyPrimitives

/// What has been bound with `<~` to each property, by the property's core, for the binding
/// graph: `quotes <~ refresh.values` makes `quotes` (and every view of it, `Property(quotes)`)
/// derive from `refresh`, and `lastError <~ refresh.errors.map(…)` likewise.
///
/// Kept apart from the property so a property costs nothing more (BENCHMARKS.md, "Layout and
/// allocations"): bindings are made while a view model is built, a few per view model, and
/// the graph is read when its surface is built. An entry is recorded once per binding, when
/// it is made, and removed when the property's lifetime ends, so a core's address reused by a
/// later property never inherits it.
@usableFromInline package enum BoundSources {
    /// The lineages bound to each property, by its core's identity.
    private static let table = Lock<[ObjectIdentifier: [PropertyLineage]]>([:])
    /// The bindings kept per property: the graph is read from how a view model was built,
    /// and a property bound again and again (a binding made per event) must not grow the table.
    static let keptPerProperty = 32

    /// Records that a source of `lineage` is bound to the property whose core is `core` and
    /// whose lifetime is `lifetime`.
    @usableFromInline package static func record(_ lineage: PropertyLineage, boundTo core: AnyObject, until lifetime: Lifetime) {
        let identity = ObjectIdentifier(core)
        let isFirst = table.withLock { table in
            let bound = table[identity]
            if bound?.count ?? 0 < keptPerProperty { table[identity, default: []].append(lineage.resolved) }
            return bound == nil
        }
        guard isFirst else { return }
        lifetime.observeEnded { table.withLock { _ = $0.removeValue(forKey: identity) } }
    }

    /// What is bound to the property whose core is `identity`: constant when nothing is.
    package static func lineage(boundTo identity: ObjectIdentifier) -> PropertyLineage {
        .merging(table.withLock { $0[identity] } ?? [])
    }
}
