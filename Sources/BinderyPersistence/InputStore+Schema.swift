import BinderySQLite

/// The tables of `state.sqlite` and how each older file is brought up to date.
extension InputStore {
    /// The schema of the state file, version by version (append only).
    static let schema = SQLiteSchema([
        .script(version: 1, summary: "inputs table", """
            CREATE TABLE inputs (
                view_model TEXT NOT NULL,
                input      TEXT NOT NULL,
                json       TEXT NOT NULL,
                PRIMARY KEY (view_model, input)
            );
            """),
        .script(version: 2, summary: "change order of inputs, reserved state versions", """
            ALTER TABLE inputs ADD COLUMN changed INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
            """),
        // Versions now continue by one: an older file's next version is past its reservation.
        .script(version: 3, summary: "members, event log, last durable version", """
            CREATE TABLE members (
                view_model TEXT NOT NULL,
                kind       TEXT NOT NULL,
                name       TEXT NOT NULL,
                json       TEXT NOT NULL,
                PRIMARY KEY (view_model, kind, name)
            );
            CREATE TABLE list_rows (
                view_model TEXT NOT NULL,
                name       TEXT NOT NULL,
                position   INTEGER NOT NULL,
                json       TEXT NOT NULL
            );
            CREATE INDEX list_rows_position ON list_rows (view_model, name, position);
            CREATE TABLE events (
                seq     INTEGER PRIMARY KEY,
                version INTEGER NOT NULL,
                json    TEXT NOT NULL
            );
            INSERT OR IGNORE INTO meta (key, value) SELECT 'version', value FROM meta WHERE key = 'version_ceiling';
            DELETE FROM meta WHERE key = 'version_ceiling';
            """),
        // The state at each recent version: checkpoints (whole documents) and each version's
        // change-feed entries (docs/HTTP.md, /api/history).
        .script(version: 4, summary: "version history", """
            CREATE TABLE history (
                version    INTEGER NOT NULL,
                checkpoint INTEGER NOT NULL,
                json       TEXT NOT NULL,
                PRIMARY KEY (version, checkpoint)
            );
            """),
        // The states of the view models' stateful operators by construction order
        // (docs/RESTART-DESIGN.md): a restart builds the view models from them.
        .script(version: 5, summary: "restoration seeds", """
            CREATE TABLE seeds (
                scope     TEXT NOT NULL,
                slot      INTEGER NOT NULL,
                signature TEXT NOT NULL,
                json      TEXT NOT NULL,
                PRIMARY KEY (scope, slot)
            );
            """),
        // Each event says who made it (its `origin`, docs/PROTOCOL.md "Events"); events logged
        // before say what can be told from them: a restart, or what started a run that no
        // client did, else `unrecorded`.
        .script(version: 6, summary: "event origins", """
            UPDATE events SET json = json_set(json, '$.origin', json_object('by', CASE
                WHEN json_extract(json, '$.kind') = 'restart' THEN 'restart'
                WHEN json_extract(json, '$.by') IS NOT NULL AND json_extract(json, '$.by') <> 'client'
                    THEN json_extract(json, '$.by')
                ELSE 'unrecorded' END))
            WHERE CASE WHEN json_valid(json) THEN json_type(json, '$.origin') IS NULL ELSE 0 END;
            """),
        // Each history row's size, indexed with its version, so the byte budget is kept and a
        // start or a page reads only the rows it needs, without reading documents to size them.
        .script(version: 7, summary: "history row sizes", """
            ALTER TABLE history ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
            UPDATE history SET bytes = length(CAST(json AS BLOB));
            CREATE INDEX history_sizes ON history (version, checkpoint, bytes);
            """),
    ])
}
