/// Suggests the closest valid name for a mistyped one, as the daemon does in its messages.
public enum DidYouMean {
    /// The candidate closest to `name` by edit distance (case-insensitive), if it is close
    /// enough to be a plausible typo: at most a third of the longer name's length, at least 1
    /// edit allowed; a candidate that starts with `name` also counts. Ties go to the first.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let c = candidate.lowercased()
            let distance = editDistance(Array(lowered), Array(c))
            let limit = max(1, max(lowered.count, c.count) / 3)
            let plausible = distance <= limit || (!lowered.isEmpty && c.hasPrefix(lowered))
            guard plausible else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// " — did you mean 'x'?" when a close candidate exists, else "".
    public static func suffix(for name: String, among candidates: [String]) -> String {
        closest(to: name, among: candidates).map { " — did you mean '\($0)'?" } ?? ""
    }

    /// Edit distance over characters (Levenshtein plus adjacent transpositions, so 'gte' is
    /// one edit from 'get').
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
