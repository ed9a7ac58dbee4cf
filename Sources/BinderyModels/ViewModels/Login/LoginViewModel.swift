import BinderySQLite
import Bindery

/// The login screen of seeds 000 and 001: a phone and a code, the avatar of the phone's
/// account, a login button enabled while both are filled in, and a fill-up button.
///
/// Guarantees: `avatarURL` is the stored avatar of the account whose phone `mobilePhone`
/// currently is (nil while the phone is not a valid mobile number, has no account, or is being
/// looked up), and changes only when it really changes. `login` checks the phone first, then
/// the code, then asks the API; on success it remembers phone and code in the store. `fillUp`
/// sets both inputs from what was remembered, exactly as if they had been typed.
public final class LoginViewModel: SummarizedViewModel {
    /// The view model's name in its host.
    public static let name = "login"

    /// The mobile number typed so far.
    public let mobilePhone = MutableProperty("")
    /// The verification code typed so far.
    public let verifyCode = MutableProperty("")
    /// The avatar of the account with this phone, or nil.
    public let avatarURL: Property<String?>
    /// Whether both inputs are non-empty (the login button's enabled state).
    public let isLoginValid: Property<Bool>
    /// Logs in with the current inputs; produces the account.
    public let login: Action<Void, Account, LoginError>
    /// Fills both inputs from the remembered phone and code; produces `{mobilePhone, verifyCode}`.
    public let fillUp: Action<Void, SurfaceRecord, LoginError>
    public let summary = """
        Seed 000/001's login screen. Typing a valid mainland mobile number looks up that account's \
        avatar through the API; `login` is enabled while both fields are non-empty and fails with \
        "Please enter a valid mobile number", then "Wrong verification code", before it asks the \
        API (which may answer "Server unavailable, please retry"). A successful login remembers \
        phone and code; `fillUp` puts them back into the inputs.
        """

    /// The login view model over `api`, remembering phone and code in `context`'s store. How long its
    /// commands may run is the host's alone (`--command-timeout`), not the view model's.
    public init(context: ModelContext, api: APIClient) {
        let mobilePhone = mobilePhone
        let verifyCode = verifyCode
        let store = context.store

        avatarURL = mobilePhone
            .map { MobileNumber.isValid($0) ? $0 : nil }
            .skipRepeats()
            .flatMap(.latest) { phone -> Property<String?> in
                guard let phone else { return Property(value: nil) }
                // nil first: the avatar shown always belongs to the phone shown.
                return Property(initial: nil, then: api.avatarURL(phone: phone)
                    .flatMapError { _ in SignalProducer<String?, Never>(value: nil) })
            }
            .skipRepeats()

        isLoginValid = mobilePhone.combineLatest(with: verifyCode).map { !$0.isEmpty && !$1.isEmpty }.skipRepeats()

        login = Action(enabledIf: isLoginValid) { _ in
            let phone = mobilePhone.value
            let code = verifyCode.value
            guard MobileNumber.isValid(phone) else { return SignalProducer(error: .invalidMobileNumber) }
            guard VerificationCode.isValid(code) else { return SignalProducer(error: .wrongVerificationCode) }
            return api.login(phone: phone, code: code)
                .mapError(LoginError.api)
                .flatMap(.concat) { account in
                    SignalProducer { () -> Result<Account, LoginError> in
                        do throws(StoreError) {
                            try store.saveCredentials(phone: phone, code: code)
                            return .success(account)
                        } catch {
                            return .failure(.store(error.description))
                        }
                    }
                }
        }

        fillUp = Action { _ in
            SignalProducer { () -> Result<SurfaceRecord, LoginError> in
                let saved: (phone: String, code: String)?
                do throws(StoreError) {
                    saved = try store.savedCredentials()
                } catch {
                    return .failure(.store(error.description))
                }
                guard let saved else { return .failure(.nothingSaved) }
                mobilePhone.value = saved.phone
                verifyCode.value = saved.code
                // The code is secret: the result says it was filled in, not what it is.
                return .success(["mobilePhone": .string(saved.phone), "verifyCode": SurfaceValue.string(saved.code).secretMasked])
            }
        }
    }
}

extension LoginViewModel {
    /// Discovered from the members above, and what each derives from from how they are
    /// composed; only the inputs' length limits and the secret are declared.
    public var surface: Surface {
        Surface(self) {
            $0.constrain(\.mobilePhone, .maxLength(64))
            $0.constrain(\.verifyCode, .maxLength(64))
            $0.secret(\.verifyCode)
        }
    }
}
