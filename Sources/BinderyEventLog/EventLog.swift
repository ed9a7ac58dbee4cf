/// The bounded ring of recent events (sets and command starts, finishes and failures), each
/// kept as its encoded JSON object with its version.
///
/// Guarantees: holds at most `capacity` entries, dropping the oldest; entries are in append
/// order, which is version order. Not thread-safe by itself: the host keeps it under its lock.
public struct EventLog: Sendable {
    /// One logged event.
    public struct Entry: Sendable {
        /// The state version the event is part of.
        public let version: UInt64
        /// The event's JSON object.
        public let json: [UInt8]

        /// An entry for the event `json` of version `version`.
        public init(version: UInt64, json: [UInt8]) {
            self.version = version
            self.json = json
        }
    }

    /// The most entries kept.
    public let capacity: Int
    private var storage: [Entry] = []
    private var head = 0  // index of the oldest entry once the ring is full

    /// An empty log keeping at most `capacity` (at least 1) entries.
    public init(capacity: Int = 1_000) {
        self.capacity = max(1, capacity)
        storage.reserveCapacity(min(self.capacity, 4_096))
    }

    /// How many entries are kept now.
    public var count: Int { storage.count }

    /// Appends `entry`, dropping the oldest when full.
    public mutating func append(_ entry: Entry) {
        if storage.count < capacity {
            storage.append(entry)
        } else {
            storage[head] = entry
            head = (head + 1) % capacity
        }
    }

    /// All entries, oldest first.
    public var entries: [Entry] {
        Array(storage[head...] + storage[..<head])
    }

    /// The newest `n` entries, oldest first.
    public func last(_ n: Int) -> [Entry] {
        Array(entries.suffix(max(0, n)))
    }

    /// The entries with a version greater than `version`, oldest first.
    public func after(version: UInt64) -> [Entry] {
        let all = entries
        guard let first = all.firstIndex(where: { $0.version > version }) else { return [] }
        return Array(all[first...])
    }
}
