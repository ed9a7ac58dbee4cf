import BinderySQLite

/// Reading the saved version history (`history` table, written by ``InputStore/commit(_:keepingEvents:)``
/// with each version and trimmed there to its byte budget). Each row carries its size
/// (`bytes`, in an index of its own), so what to read is decided without reading the
/// documents: a start reads only the newest rows, a request only the rows it needs.
extension InputStore {
    /// One saved row: a version's change-feed entries (one JSON array) or, at a checkpoint,
    /// its whole `/api/state` document.
    public typealias HistoryRow = (version: UInt64, checkpoint: Bool, json: [UInt8])

    /// The newest saved history (oldest first, a version's entries before its checkpoint):
    /// from the oldest checkpoint whose rows from it on add up to at most `bytes`, or from the
    /// newest checkpoint when even its rows do not.
    public func loadHistory(newestBytes bytes: Int) throws(StoreError) -> [HistoryRow] {
        try historyRows("""
            SELECT version, checkpoint, json FROM history WHERE version >= coalesce(
                (SELECT min(version) FROM (SELECT version, checkpoint, sum(bytes) OVER (ORDER BY version DESC, checkpoint DESC) AS total
                    FROM history) WHERE checkpoint = 1 AND total <= ?),
                (SELECT max(version) FROM history WHERE checkpoint = 1), 0)
            ORDER BY version, checkpoint
            """, [Int64(clamping: bytes)])
    }

    /// The saved rows that rebuild versions `start` through `end`: from the newest checkpoint
    /// at or before `start` (the oldest row when there is none) through `end`.
    public func loadHistory(from start: UInt64, through end: UInt64) throws(StoreError) -> [HistoryRow] {
        try historyRows("""
            SELECT version, checkpoint, json FROM history
            WHERE version >= coalesce((SELECT max(version) FROM history WHERE checkpoint = 1 AND version <= ?), 0) AND version <= ?
            ORDER BY version, checkpoint
            """, [Int64(clamping: start), Int64(clamping: end)])
    }

    /// The saved rows one page of the history needs (docs/HTTP.md, `/api/history`): versions
    /// after `from` (or, without it, back from `end`) through `end` at most, at most `limit`
    /// of them and about `byteCap` bytes (at least one), from the newest checkpoint at or
    /// before the page's first version. Sizes are read from their index, documents only for
    /// the rows returned.
    public func loadHistoryPage(from: UInt64?, through end: UInt64, limit: Int, byteCap: Int) throws(StoreError) -> [HistoryRow] {
        let database = try openDatabase()
        var sizes: [UInt64: Int] = [:]
        let oldest: UInt64
        do throws(SQLiteError) {
            guard let first = try database.queryFirst("SELECT min(version) AS oldest FROM history WHERE checkpoint = 1"),
                  let found = try first.value("oldest", as: Int64?.self) else { return [] }
            oldest = UInt64(max(0, found))
            let low = from.map { max($0, oldest) } ?? max(oldest, end >= UInt64(limit) ? end - UInt64(limit) : 0)
            let high = from.map { min(end, $0 &+ UInt64(limit)) } ?? end
            // A version's step is its entries, or its document when it replaced the whole state.
            for row in try database.query("SELECT version, checkpoint, bytes FROM history WHERE version > ? AND version <= ? ORDER BY version, checkpoint",
                                          [Int64(clamping: low), Int64(clamping: high)]) {
                let version = UInt64(max(0, try row.value("version", as: Int64.self)))
                let entries = try row.value("checkpoint", as: Int64.self) == 0
                if sizes[version] == nil || entries {
                    sizes[version] = Int(try row.value("bytes", as: Int64.self))
                }
            }
        } catch {
            throw StoreError.database(error)
        }
        var total = 0, taken = 0
        func fits(_ version: UInt64) -> Bool {
            guard taken < limit, let size = sizes[version], taken == 0 || total + size <= byteCap else { return false }
            total += size; taken += 1
            return true
        }
        if let from {
            let start = max(from, oldest)
            var last = start
            while last < end, fits(last + 1) { last += 1 }
            return try loadHistory(from: start, through: last)
        }
        var first = end
        while first > oldest, fits(first) { first -= 1 }
        return try loadHistory(from: first, through: end)
    }

    /// The oldest version the saved history can rebuild (its oldest checkpoint), nil when it
    /// keeps none.
    public func oldestKeptVersion() throws(StoreError) -> UInt64? {
        let database = try openDatabase()
        do throws(SQLiteError) {
            guard let row = try database.queryFirst("SELECT min(version) AS oldest FROM history WHERE checkpoint = 1"),
                  let oldest = try row.value("oldest", as: Int64?.self) else { return nil }
            return UInt64(max(0, oldest))
        } catch {
            throw StoreError.database(error)
        }
    }

    private func historyRows(_ sql: StaticString, _ parameters: [any SQLiteValueConvertible]) throws(StoreError) -> [HistoryRow] {
        let database = try openDatabase()
        do throws(SQLiteError) {
            return try database.query(sql, parameters) { (row) throws(SQLiteError) in
                (UInt64(max(0, try row.value("version", as: Int64.self))), try row.value("checkpoint", as: Int64.self) != 0,
                 Array(try row.value("json", as: String.self).utf8))
            }
        } catch {
            throw StoreError.database(error)
        }
    }
}
