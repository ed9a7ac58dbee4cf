import BinderySQLite

/// The saved states of the view models' stateful operators (`seeds` table, written with each
/// version by ``InputStore/commit(_:keepingEvents:)``): one row per slot, replaced when the
/// slot changes, so a version costs what changed, never the history's length.
extension InputStore {
    /// Every saved slot state, by scope, in slot order.
    public func loadSeeds() throws(StoreError) -> [String: [PersistedSeed]] {
        let database = try openDatabase()
        do {
            var seeds: [String: [PersistedSeed]] = [:]
            for row in try database.query("SELECT scope, slot, signature, json FROM seeds ORDER BY scope, slot") {
                let seed = PersistedSeed(scope: try row.value("scope"), slot: Int(try row.value("slot", as: Int64.self)),
                                         signature: try row.value("signature"), json: try row.value("json"))
                seeds[seed.scope, default: []].append(seed)
            }
            return seeds
        } catch {
            throw StoreError.database(error)
        }
    }

    /// Writes `seeds` inside a commit's transaction, after dropping every row of the scopes
    /// in `replacing`.
    static func write(seeds: [PersistedSeed], replacing scopes: [String], _ connection: SQLiteConnection) throws(SQLiteError) {
        for scope in scopes {
            try connection.execute("DELETE FROM seeds WHERE scope = ?", [scope])
        }
        for seed in seeds {
            try connection.execute(
                """
                INSERT INTO seeds (scope, slot, signature, json) VALUES (?, ?, ?, ?)
                ON CONFLICT (scope, slot) DO UPDATE SET signature = excluded.signature, json = excluded.json
                """,
                [seed.scope, Int64(seed.slot), seed.signature, seed.json])
        }
    }
}
