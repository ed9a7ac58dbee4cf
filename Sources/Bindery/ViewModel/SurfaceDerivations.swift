/// What each output and command of a discovered surface derives from, read from the code: the
/// members its composition reaches (``PropertyLineage``), walking through the properties that
/// are not members (intermediates, hidden ones), plus what ``SurfaceDeclaration/derive(_:from:)``
/// adds where composition cannot show the edge (a value set inside a command, a property fed
/// by a producer).
struct SurfaceDerivations {
    /// Each member's graph identities (the cores of its properties; an action's `isExecuting`
    /// and `isEnabled`), to its name; the first member wins where two share one (a view and
    /// what it views).
    private var names: [ObjectIdentifier: String] = [:]
    /// Each member's graph identities, by its name.
    private var identities: [String: [ObjectIdentifier]] = [:]

    /// The derivations among `members`, the surface's members in declaration order.
    init(members: [(name: String, candidate: any SurfaceMemberCandidate)]) {
        for (name, candidate) in members {
            for identity in candidate.graphIdentities where names[identity] == nil { names[identity] = name }
            identities[name] = candidate.graphIdentities
        }
    }

    /// The members the composition of `member` reaches, in the order it composes them, and
    /// whether composition shows all it derives from (false when some branch ends at a
    /// property set by code or fed by a producer, which is not a member).
    func composed(_ member: String, lineage: PropertyLineage) -> (sources: [String], isComplete: Bool) {
        var sources: [String] = []
        var isComplete = true
        var visited: Set<ObjectIdentifier> = []
        func walk(_ lineage: PropertyLineage) {
            switch lineage.resolved {
            case .constant, .node: return
            case .unknown: isComplete = false
            case let .composed(parts):
                for part in parts {
                    guard let identity = part.identity.map(ObjectIdentifier.init) else { isComplete = false; continue }
                    // One identity has one lineage: a second visit adds nothing.
                    guard visited.insert(identity).inserted else { continue }
                    if let name = names[identity], name != member {
                        if !sources.contains(name) { sources.append(name) }
                    } else {
                        walk(part.lineage)
                        // What code binds to it with `<~`: recorded after it was composed.
                        walk(BoundSources.lineage(boundTo: identity))
                    }
                }
            }
        }
        walk(lineage)
        return (sources, isComplete)
    }

    /// What `member` (whose value or enabled state composes as `lineage` says) derives from:
    /// what composition shows, then what `declared` adds (less what `shownElsewhere`, the
    /// members that start it, already shows). `problem` is a one-line message when the
    /// declaration contradicts the code: composition shows everything `member` derives from and
    /// `declared` names a different set. A member running opaque work (a command, whose work
    /// may read any member) never contradicts: a declaration adds what its work reads.
    func derivesFrom(_ member: String, lineage: PropertyLineage, declared: [String],
                     shownElsewhere: [String] = [], runsOpaqueWork: Bool = false) -> (sources: [String], problem: String?) {
        // What code binds to the member itself with `<~` (`x <~ action.values`).
        let bound = identities[member, default: []].map { BoundSources.lineage(boundTo: $0) }
        let (composed, isComplete) = composed(member, lineage: .merging([lineage] + bound))
        var sources = composed
        for name in declared where !sources.contains(name) && !shownElsewhere.contains(name) { sources.append(name) }
        guard isComplete, !runsOpaqueWork, !declared.isEmpty, Set(declared) != Set(composed) else { return (sources, nil) }
        let code = composed.isEmpty ? "nothing (it never changes)" : composed.joined(separator: ", ")
        return (sources, "\(member) is declared to derive from \(declared.joined(separator: ", ")), but its code composes it from \(code): remove the derive(…) or make it match")
    }
}
