/// The access level a declaration is written with, most open first. Its raw values are the
/// names of Bindery's `DeclaredAccess` cases, which the generated source spells.
enum DeclaredAccess: String, CaseIterable, Comparable {
    case open, `public`, package, `internal`, `fileprivate`, `private`

    /// The access written by `keyword`, if it is one of Swift's access keywords.
    init?(keyword: String) {
        self.init(rawValue: keyword)
    }

    /// More open sorts first: `min` of two is the more open, `max` the more restricted.
    static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
