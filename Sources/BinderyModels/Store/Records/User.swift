import BinderySQLite
/// A user whose tweets can be looked up (the tweets view model's profile).
public struct User: Sendable, Hashable, Codable {
    /// Unique handle, at least 3 characters, matched case-insensitively.
    public let username: String
    /// Full display name.
    public let fullName: String
    /// Avatar image URL.
    public let avatarURL: String

    /// Creates a user value.
    public init(username: String, fullName: String, avatarURL: String) {
        self.username = username
        self.fullName = fullName
        self.avatarURL = avatarURL
    }

    init(row: SQLiteRow) throws(SQLiteError) {
        self.init(
            username: try row.value("username"),
            fullName: try row.value("full_name"),
            avatarURL: try row.value("avatar_url"))
    }
}
