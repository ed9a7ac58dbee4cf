import BinderySQLite
/// One tweet with its author's display data, ready for a tweet cell.
public struct Tweet: Sendable, Hashable, Codable {
    /// Stable identifier; a user's tweets are ordered by it.
    public let id: Int
    /// The author's username.
    public let username: String
    /// The author's full name.
    public let authorFullName: String
    /// The author's avatar URL.
    public let authorAvatarURL: String
    /// The text.
    public let content: String

    /// Creates a tweet value.
    public init(
        id: Int, username: String, authorFullName: String, authorAvatarURL: String, content: String
    ) {
        self.id = id
        self.username = username
        self.authorFullName = authorFullName
        self.authorAvatarURL = authorAvatarURL
        self.content = content
    }

    init(row: SQLiteRow) throws(SQLiteError) {
        self.init(
            id: try row.value("id"),
            username: try row.value("username"),
            authorFullName: try row.value("full_name"),
            authorAvatarURL: try row.value("avatar_url"),
            content: try row.value("content"))
    }
}
