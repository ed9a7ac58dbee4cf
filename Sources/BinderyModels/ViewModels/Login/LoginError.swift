/// Why the login view model's `login` or `fillUp` failed; `description` is the message the
/// seed shows in its HUD.
public enum LoginError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The phone is not a valid mainland mobile number (请输入正确的手机号码).
    case invalidMobileNumber
    /// The code is not exactly 4 digits (验证码错误).
    case wrongVerificationCode
    /// The request failed; the API's message (e.g. 服务器不给力).
    case api(APIError)
    /// Remembering or reading the saved phone and code failed.
    case store(String)
    /// `fillUp` found nothing saved.
    case nothingSaved

    public var description: String {
        switch self {
        case .invalidMobileNumber: "Please enter a valid mobile number"
        case .wrongVerificationCode: "Wrong verification code"
        case let .api(error): error.description
        case let .store(message): message
        case .nothingSaved: "No saved mobile number and code yet: log in once first"
        }
    }
}
