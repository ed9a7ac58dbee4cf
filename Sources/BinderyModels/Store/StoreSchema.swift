import BinderySQLite
/// The schema of Bindery's model database, version by version. Released versions are never
/// edited: a change is a new migration appended at the end.
enum StoreSchema {
    static let schema = SQLiteSchema([
        .script(version: 1, summary: "accounts, products, users, tweets, books", """
            CREATE TABLE accounts (
                phone             TEXT NOT NULL PRIMARY KEY,
                verification_code TEXT NOT NULL,
                name              TEXT NOT NULL,
                avatar_url        TEXT NOT NULL
            );
            CREATE TABLE products (
                id    INTEGER PRIMARY KEY,
                title TEXT NOT NULL
            );
            CREATE TABLE users (
                username   TEXT NOT NULL COLLATE NOCASE PRIMARY KEY,
                full_name  TEXT NOT NULL,
                avatar_url TEXT NOT NULL
            );
            CREATE TABLE tweets (
                id       INTEGER PRIMARY KEY,
                username TEXT NOT NULL COLLATE NOCASE REFERENCES users(username),
                content  TEXT NOT NULL
            );
            CREATE TABLE books (
                id     INTEGER PRIMARY KEY,
                title  TEXT NOT NULL,
                author TEXT NOT NULL,
                year   INTEGER NOT NULL
            );
            """),
        .script(version: 2, summary: "settings table, tweets-by-user index", """
            CREATE TABLE settings (
                key   TEXT NOT NULL PRIMARY KEY,
                value TEXT NOT NULL
            );
            CREATE INDEX tweets_by_user ON tweets(username, id);
            """),
    ])
}
