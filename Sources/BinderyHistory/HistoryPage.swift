/// One answer of `/api/history` (docs/HTTP.md): the `/api/state` document at version `from`
/// and the steps of the versions after it through ``to``, at most a limit of versions and
/// about ``VersionHistory/pageBytes`` bytes of steps (always at least one step when a later
/// version is kept), so no answer grows with the history.
package struct HistoryPage: Sendable {
    /// The version `document` shows.
    package let from: UInt64
    /// The `/api/state` document at `from`.
    package let document: [UInt8]
    /// Versions `from`+1 … ``to``, one step each, in order.
    package let versions: [(version: UInt64, step: VersionHistory.Step)]

    /// The newest version of the page.
    package var to: UInt64 { versions.last?.version ?? from }
}

extension VersionHistory {
    /// The most versions one page holds (and the default).
    package static let maximumPageVersions = 1_000
    /// About the most bytes of steps one page holds (at least one step).
    package static let pageBytes = 4 << 20

    /// The page of kept versions: forward from `from` (the oldest kept when it is older)
    /// when it is given, otherwise back from `to` (default: the newest kept), ending at `to`
    /// at most; at most `limit` versions after its first, and about `byteCap` bytes of steps.
    /// Nil when none of the range is kept.
    package func page(from: UInt64?, to: UInt64?, limit: Int, byteCap: Int = pageBytes) -> HistoryPage? {
        guard let oldest, let newest else { return nil }
        let end = min(to ?? newest, newest)
        var steps: [(version: UInt64, step: Step)] = []
        var size = 0
        func fits(_ step: Step) -> Bool {
            guard steps.count < limit, steps.isEmpty || size + step.size <= byteCap else { return false }
            size += step.size
            return true
        }
        let start: UInt64
        if let from {
            var version = max(from, oldest)
            guard version <= end else { return nil }
            start = version
            while version < end, let step = step(at: version + 1), fits(step) {
                version += 1
                steps.append((version, step))
            }
        } else {
            guard end >= oldest else { return nil }
            var version = end
            while version > oldest, let step = step(at: version), fits(step) {
                steps.append((version, step))
                version -= 1
            }
            start = version
            steps.reverse()
        }
        guard let document = documentBytes(at: start) else { return nil }
        return HistoryPage(from: start, document: document, versions: steps)
    }
}
