/// The one "did you mean …?" rule of Bindery, shared by the daemon (its error messages) and
/// binderyctl (its local checks), so both always suggest the same name for the same typo.
///
/// Rule: compare case-insensitively by edit distance (Levenshtein plus adjacent
/// transpositions, so `gte` is one edit from `get`); a candidate is plausible when its distance
/// is at most a third of the longer name's length (at least 1), or when it starts with the
/// typed name; the closest plausible candidate wins, ties going to the earliest listed.
/// When none is plausible and the candidates are few, the hint lists them instead.
public enum DidYouMean {
    /// Up to this many candidates are listed when none is close.
    public static let listLimit = 12

    /// The candidate closest to `name` under the rule above, if one is plausible.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let c = Array(candidate.lowercased())
            let distance = editDistance(lowered, c)
            let limit = max(1, max(lowered.count, c.count) / 3)
            let plausible = distance <= limit || (!lowered.isEmpty && c.starts(with: lowered))
            guard plausible else { continue }
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

    /// Edit distance over characters (Levenshtein plus adjacent transpositions).
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
