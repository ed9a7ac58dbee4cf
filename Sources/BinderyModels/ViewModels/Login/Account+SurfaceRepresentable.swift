import Bindery

extension Account: SurfaceRepresentable {
    /// The account as the login command shows it: `{phone, name, avatarURL}` (never the code).
    public var surfaceValue: SurfaceValue {
        .record(["phone": .string(phone), "name": .string(name), "avatarURL": .string(avatarURL)])
    }
}
