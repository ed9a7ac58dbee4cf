import BinderySQLite

/// Reading the saved version history (`history` table, written by ``InputStore/commit(_:keepingEvents:)``
/// with each version).
extension InputStore {
    /// The saved history (oldest first, a version's entries before its checkpoint): from the
    /// newest checkpoint at least `depth` versions back, or from the oldest row.
    public func loadHistory(depth: UInt64) throws(StoreError) -> [(version: UInt64, checkpoint: Bool, json: [UInt8])] {
        let database = try openDatabase()
        do {
            var rows: [(version: UInt64, checkpoint: Bool, json: [UInt8])] = []
            for row in try database.query("""
                SELECT version, checkpoint, json FROM history WHERE version >= coalesce((SELECT max(version) FROM history
                    WHERE checkpoint = 1 AND version <= (SELECT max(version) FROM history) - ?), 0)
                ORDER BY version, checkpoint
                """, [Int64(clamping: depth)]) {
                rows.append((UInt64(max(0, try row.value("version", as: Int64.self))), try row.value("checkpoint", as: Int64.self) != 0,
                             Array(try row.value("json", as: String.self).utf8)))
            }
            return rows
        } catch {
            throw StoreError.database(error)
        }
    }
}
