import Bindery

/// One row of the tweets list (seed 003's MYTwitterUserCell): the author's avatar and full
/// name, and the text.
public struct TweetCell: Sendable, Hashable, SurfaceItem {
    /// The tweets list's columns.
    public static let itemFields = [SurfaceItemField("fullName", label: "Author"), SurfaceItemField("avatarURL"),
                                    SurfaceItemField("content")]

    /// The author's avatar URL.
    public let avatarURL: String
    /// The author's full name.
    public let fullName: String
    /// The tweet's text.
    public let content: String

    /// The cell showing `tweet`.
    public init(_ tweet: Tweet) {
        avatarURL = tweet.authorAvatarURL
        fullName = tweet.authorFullName
        content = tweet.content
    }

    /// `{avatarURL, fullName, content}`.
    public var surfaceValue: SurfaceValue {
        .record(["avatarURL": .string(avatarURL), "fullName": .string(fullName), "content": .string(content)])
    }
}
