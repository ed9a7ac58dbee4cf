import Bindery

/// The ReactiveSwift login of seed 004: a username and a password, a validity flag that
/// enables the login, and the username field's colour.
///
/// Guarantees: `isValid` is `username ≥ 5 characters && password ≥ 6 characters`;
/// `usernameColor` is "red" while the username has at most 3 characters, else "white";
/// `login` runs only while valid and produces `true` exactly for admin/password.
public final class SigninViewModel: SummarizedViewModel {
    /// The view model's name in its host.
    public static let name = "signin"

    /// The username typed so far.
    public let username = MutableProperty("")
    /// The password typed so far.
    public let password = MutableProperty("")
    /// Whether the username has at least 5 and the password at least 6 characters.
    public let isValid: Property<Bool>
    /// "red" while the username has at most 3 characters, else "white".
    public let usernameColor: Property<String>
    /// Produces whether the credentials are admin/password.
    public let login: Action<Void, Bool, Never>
    public let summary = """
        Seed 004's ReactiveSwift login. `isValid` combines both inputs (username at least 5 \
        characters, password at least 6) and enables `login`, which produces true only for \
        admin/password. `usernameColor` turns "red" while the username has 3 characters or fewer.
        """

    /// The signin view model (it needs nothing from `context`; the parameter keeps the
    /// standard set's one way of building).
    public init(context: ModelContext) {
        let username = username
        let password = password
        isValid = username.combineLatest(with: password).map { $0.count >= 5 && $1.count >= 6 }.skipRepeats()
        usernameColor = username.map { $0.count > 3 ? "white" : "red" }.skipRepeats()
        login = Action(enabledIf: isValid) { _ in
            SignalProducer { () -> Result<Bool, Never> in
                .success(username.value == "admin" && password.value == "password")
            }
        }
    }

    /// Discovered from the members above, and what each derives from from how they are
    /// composed; only what neither can say is declared.
    public var surface: Surface {
        Surface(self) {
            $0.constrain(\.username, .maxLength(256))
            $0.constrain(\.password, .maxLength(256))
            $0.secret(\.password)
        }
    }
}
