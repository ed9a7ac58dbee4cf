/// How lineage flows through streams: an operator's result derives from what its sources
/// derive from. One rule, used by every operator that combines streams (`combineLatest`, `zip`,
/// `merge`, `sample`, `withLatest`, `concat`, `then`) and by the flatten strategies, whose inner
/// streams composition cannot see before they are made.
extension PropertyLineage {
    /// The lineage of a stream made from streams of these lineages: constants add nothing; any
    /// part composition cannot say makes the whole incomplete (its known sources still show).
    @usableFromInline package static func merging(_ parts: [PropertyLineage]) -> PropertyLineage {
        var sources: [PropertyLineageSource] = []
        var hasUnknown = false
        var hasComposed = false
        for part in parts {
            switch part.resolved {
            case .constant, .node: continue
            case .unknown: hasUnknown = true
            case let .composed(more):
                hasComposed = true
                sources += more
            }
        }
        if !hasComposed { return hasUnknown ? .unknown : .constant }
        if hasUnknown { sources.append(.unknown) }
        return .composed(sources)
    }

    /// `merging([a, b])`.
    @usableFromInline static func merging(_ a: PropertyLineage, _ b: PropertyLineage) -> PropertyLineage {
        if case .constant = b { return a }
        if case .constant = a { return b }
        return merging([a, b])
    }

    /// This lineage and sources composition cannot see: the lineage of a flattened stream of
    /// streams whose outer stream is this one (the inner streams are made from each value), or
    /// of a signal operator applied per run.
    @usableFromInline var withUnseenSources: PropertyLineage { .merging(self, .unknown) }
}
