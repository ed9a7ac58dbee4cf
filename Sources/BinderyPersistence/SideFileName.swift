#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The tag of names to move files aside to (`state.sqlite.replaced-1733361000`) that name
/// nothing yet: `rename(2)` replaces what is at its target, so two files moved aside in the
/// same second under one name would lose the first.
enum SideFileName {
    /// `tag`, or `tag-2`, `tag-3`, … : the first for which none of the paths `names` makes of
    /// it exists (a database moves with its -wal and -shm, so all of them must be free).
    static func unusedTag(_ tag: String, names: (String) -> [String]) -> String {
        var candidate = tag
        var number = 1
        while names(candidate).contains(where: { access($0, F_OK) == 0 }) {
            number += 1
            candidate = tag + "-\(number)"
        }
        return candidate
    }
}
