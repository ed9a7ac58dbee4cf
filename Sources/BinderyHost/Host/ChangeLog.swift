/// The recent versions' change-feed entries and logged events (docs/HTTP.md, `/api/changes`),
/// so a client holding a recent cursor receives only what changed since, and what happened.
///
/// Guarantees: covers a contiguous range of versions ending at the newest published one;
/// ``changes(after:)`` answers every cursor from ``base`` on, and nil (the client needs a
/// reset) for any other: older than what is kept, newer than the newest, or from another run
/// of the daemon (versions continue across restarts, so an older boot's cursor is below
/// ``base``). Keeps at most `capacity` versions and about `byteBudget` bytes of entries.
/// Not thread-safe by itself: the host's publisher keeps it under its lock.
struct ChangeLog {
    private typealias Item = (version: UInt64, entries: [[UInt8]], events: [[UInt8]], bytes: Int)
    /// Kept versions from `storage[first]` on (the dropped prefix is compacted in bulk).
    private var storage: [Item] = []
    private var first = 0
    private var bytes = 0
    private let capacity: Int
    private let byteBudget: Int
    /// The oldest cursor answered: the version before the oldest kept.
    private(set) var base: UInt64 = 0
    /// The newest version.
    private(set) var newest: UInt64 = 0

    init(capacity: Int = 1_024, byteBudget: Int = 8 << 20) {
        self.capacity = max(1, capacity)
        self.byteBudget = byteBudget
    }

    /// Forgets everything: cursors before `version` need a reset from now on.
    mutating func restart(at version: UInt64) {
        storage.removeAll()
        first = 0
        bytes = 0
        base = version
        newest = version
    }

    /// Appends version `version` (the newest plus one) with its entries and its logged events;
    /// any other version restarts the log at it.
    mutating func append(version: UInt64, entries: [[UInt8]], events: [[UInt8]] = []) {
        guard version == newest + 1 else { return restart(at: version) }
        let size = entries.reduce(0) { $0 + $1.count } + events.reduce(0) { $0 + $1.count }
        storage.append((version, entries, events, size))
        bytes += size
        newest = version
        while storage.count - first > capacity || (bytes > byteBudget && storage.count - first > 1) {
            bytes -= storage[first].bytes
            base = storage[first].version
            first += 1
        }
        if first > 64, first * 2 > storage.count {
            storage.removeFirst(first)
            first = 0
        }
    }

    /// The entries and the logged events of every version after `cursor`, oldest first; nil
    /// when `cursor` is not in `base...newest`.
    func changes(after cursor: UInt64) -> (entries: [[UInt8]], events: [[UInt8]])? {
        guard cursor >= base, cursor <= newest else { return nil }
        var entries: [[UInt8]] = [], events: [[UInt8]] = []
        for item in storage[(first + Int(cursor - base))...] {
            entries.append(contentsOf: item.entries)
            events.append(contentsOf: item.events)
        }
        return (entries, events)
    }
}
