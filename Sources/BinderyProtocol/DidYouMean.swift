/// The one "did you mean …?" rule of Bindery, shared by the daemon (its error messages) and
/// binderyctl (its local checks), so both always suggest the same name for the same typo.
///
/// Rule: compare case-insensitively by edit distance (Levenshtein plus adjacent
/// transpositions, so `gte` is one edit from `get`); a candidate is plausible when its distance
/// is at most a third of the longer name's length (at least 1), or when it starts with the
/// typed name; the closest plausible candidate wins, ties going to the earliest listed.
/// When none is plausible and the candidates are few, the hint lists them instead. A typed
/// name over ``maximumComparedLength`` is compared with nothing: it gets no suggestion.
public enum DidYouMean {
    /// Up to this many candidates are listed when none is close.
    public static let listLimit = 12

    /// The longest typed name compared with the candidates, in Unicode scalars. A longer one
    /// gets no suggestion: comparing costs its length times each candidate's (a 900,000-character
    /// name took a second and 150 MB), and the names suggested — view models, members, ops,
    /// options — are identifiers of a few dozen characters, which a typo of one that long is not.
    public static let maximumComparedLength = 256

    /// The candidate closest to `name` under the rule above, if one is plausible. Costs at most
    /// ``maximumComparedLength`` times each candidate's length, whatever `name` is.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        guard name.unicodeScalars.count <= maximumComparedLength else { return nil }
        let lowered = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let c = Array(candidate.lowercased())
            let limit = max(1, max(lowered.count, c.count) / 3)
            let isPrefix = !lowered.isEmpty && c.starts(with: lowered)
            // The distance is at least the difference in length: past the limit, no need to
            // compute it (nor to hold a long candidate's table).
            guard isPrefix || abs(lowered.count - c.count) <= limit else { continue }
            let distance = editDistance(lowered, c)
            guard distance <= limit || isPrefix else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// " — did you mean 'x'?" when a candidate is plausible; else, when `listing` names the
    /// kind ("view models") and there are at most ``listLimit`` candidates, " (view models:
    /// a, b, c)" — or " (it has no inputs)" when there are none; else "".
    public static func suffix(for name: String, among candidates: [String], listing kind: String? = nil) -> String {
        if let close = closest(to: name, among: candidates) { return " — did you mean '\(close)'?" }
        guard let kind else { return "" }
        if candidates.isEmpty { return " (there are no \(kind))" }
        guard candidates.count <= listLimit else { return "" }
        return " (\(kind): \(candidates.joined(separator: ", ")))"
    }

    /// Edit distance over characters (Levenshtein plus adjacent transpositions), in time
    /// `a.count × b.count` and memory `b.count` (three rows of the table, not all of it).
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Rows i-2, i-1 and i of the table d[i][j] (a's first i characters against b's first j).
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
