import BinderySQLite
/// A login account: a mainland mobile number, its verification code, and a profile.
public struct Account: Sendable, Hashable, Codable {
    /// 11-digit mainland mobile number, `1[3-9]` followed by 9 digits.
    public let phone: String
    /// The 4-digit code this account logs in with.
    public let verificationCode: String
    /// Display name.
    public let name: String
    /// Avatar image URL.
    public let avatarURL: String

    /// Creates an account value.
    public init(phone: String, verificationCode: String, name: String, avatarURL: String) {
        self.phone = phone
        self.verificationCode = verificationCode
        self.name = name
        self.avatarURL = avatarURL
    }

    init(row: SQLiteRow) throws(SQLiteError) {
        self.init(
            phone: try row.value("phone"),
            verificationCode: try row.value("verification_code"),
            name: try row.value("name"),
            avatarURL: try row.value("avatar_url"))
    }
}
