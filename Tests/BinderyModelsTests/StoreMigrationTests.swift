import BinderySQLite
import BinderyModels
import BinderyTestSupport
import Foundation
import Testing

@Suite(.timeLimit(.minutes(2))) struct StoreMigrationTests {
    private func storeFile(in directory: TemporaryDirectory) -> SQLiteDatabase.Location {
        .file(path: directory.path(Store.fileName))
    }

    private func schemaObjects(_ location: SQLiteDatabase.Location) throws -> Set<String> {
        let database = try SQLiteDatabase(location)
        let names = try database.query("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") {
            (row) throws(SQLiteError) in try row.value("name", as: String.self)
        }
        return Set(names)
    }

    @Test func anEmptyFileIsMigratedToTheLatestVersionWithFixtures() throws {
        let directory = try TemporaryDirectory()
        try Data().write(to: directory.file(Store.fileName))
        let store = try Store(directory: directory.url)
        #expect(try SQLiteDatabase(storeFile(in: directory)).userVersion() == Store.schemaVersion)
        #expect(Store.schemaVersion == 2)
        #expect(try store.productCount() == StoreFixtures.products.count)
        #expect(try schemaObjects(storeFile(in: directory)).isSuperset(of: [
            "accounts", "products", "users", "tweets", "books", "settings", "tweets_by_user",
        ]))
    }

    @Test func aMissingDirectoryIsCreated() throws {
        let directory = try TemporaryDirectory()
        let nested = directory.url.appending(path: "state/models", directoryHint: .isDirectory)
        let store = try Store(directory: nested)
        #expect(try store.account(phone: StoreFixtures.demoPhone) != nil)
        #expect(FileManager.default.fileExists(atPath: nested.appending(path: Store.fileName).path(percentEncoded: false)))
    }

    @Test func aVersionOneFileGainsVersionTwoAndKeepsItsRows() throws {
        let directory = try TemporaryDirectory()
        do {
            // Schema version 1 exactly as the first release wrote it.
            let v1 = try SQLiteDatabase(storeFile(in: directory))
            try v1.executeScript("""
                CREATE TABLE accounts (
                    phone             TEXT NOT NULL PRIMARY KEY,
                    verification_code TEXT NOT NULL,
                    name              TEXT NOT NULL,
                    avatar_url        TEXT NOT NULL
                );
                CREATE TABLE products (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
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
                    id INTEGER PRIMARY KEY, title TEXT NOT NULL, author TEXT NOT NULL,
                    year INTEGER NOT NULL
                );
                INSERT INTO products (id, title) VALUES (1, 'Old Lamp'), (2, 'Old Mug');
                INSERT INTO users VALUES ('kay', 'Alan Kay', 'https://a.example/kay.png');
                INSERT INTO tweets (username, content) VALUES ('kay', 'The best way to predict the future');
                PRAGMA user_version = 1;
                """)
            #expect(try v1.userVersion() == 1)
            #expect(!(try schemaObjects(storeFile(in: directory)).contains("settings")))
        }
        let store = try Store(directory: directory.url)
        #expect(try SQLiteDatabase(storeFile(in: directory)).userVersion() == 2)
        #expect(try schemaObjects(storeFile(in: directory)).isSuperset(of: ["settings", "tweets_by_user"]))
        // The v2 settings table is in use, and v1's rows are intact, not replaced by fixtures.
        try store.saveCredentials(phone: "13800138000", code: "1234")
        #expect(try store.savedCredentials()?.phone == "13800138000")
        #expect(try store.products(page: 0, pageSize: 15).map(\.title) == ["Old Lamp", "Old Mug"])
        #expect(try store.tweets(username: "kay", offset: 0, limit: 5).map(\.authorFullName) == ["Alan Kay"])
    }

    @Test func reopeningDoesNotInsertFixturesTwice() throws {
        let directory = try TemporaryDirectory()
        _ = try Store(directory: directory.url)
        let reopened = try Store(directory: directory.url)
        #expect(try reopened.productCount() == StoreFixtures.products.count)
        #expect(try reopened.tweetCount(username: "ada")
                == StoreFixtures.tweets.filter { $0.username == "ada" }.count)
    }

    @Test func aGarbageFileIsATypedErrorAndStaysUntouched() throws {
        let directory = try TemporaryDirectory()
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: directory.file(Store.fileName))
        let error = #expect(throws: StoreError.self) { try Store(directory: directory.url) }
        guard case .database(let sqliteError) = error else {
            Issue.record("expected a database error, got \(String(describing: error))")
            return
        }
        #expect(sqliteError.code == SQLiteError.notADatabase)
        #expect(try Data(contentsOf: directory.file(Store.fileName)) == garbage)
    }

    @Test func aNewerSchemaIsRefusedAndLeftAsItIs() throws {
        let directory = try TemporaryDirectory()
        try SQLiteDatabase(storeFile(in: directory)).execute("PRAGMA user_version = 9")
        let error = #expect(throws: StoreError.self) { try Store(directory: directory.url) }
        #expect(error?.description.contains("9") == true)
        #expect(try SQLiteDatabase(storeFile(in: directory)).userVersion() == 9)
    }

    @Test func aDirectoryPathThatIsAFileIsATypedError() throws {
        let directory = try TemporaryDirectory()
        try Data("not a directory".utf8).write(to: directory.file("occupied"))
        let error = #expect(throws: StoreError.self) {
            try Store(directory: directory.file("occupied").appending(path: "models"))
        }
        guard case .directory = error else {
            Issue.record("expected a directory error, got \(String(describing: error))")
            return
        }
    }
}
