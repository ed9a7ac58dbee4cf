import Foundation
import ReactiveSwift

/// What the form says about the username, as the user types it.
public enum UsernameStatus: String, Codable, Sendable {
    case empty, tooShort, checking, available, taken
}

/// A sign-up form: the username is checked with the server once typing rests, and `submit`
/// is enabled when the name is free, the address has an `@` and the password is long enough.
public final class SignUpViewModel: Sendable {
    public let username = MutableProperty("")
    public let email = MutableProperty("")
    public let password = MutableProperty("")

    public let usernameStatus: Property<UsernameStatus>
    public let isCheckingUsername: Property<Bool>
    public let isUsernameAvailable: Property<Bool>
    public let isValid: Property<Bool>
    public let submit: Action<Void, Account, SignUpError>
    public let account: Property<Account?>

    public init(service: AccountService, scheduler: DateScheduler) {
        usernameStatus = Property(initial: .empty, then: username.signal
            .debounce(0.3, on: scheduler)
            .skipRepeats()
            .flatMap(.latest) { name -> SignalProducer<UsernameStatus, Never> in
                guard name.count >= 3 else { return SignalProducer(value: name.isEmpty ? .empty : .tooShort) }
                return service.checkAvailability(of: name)
                    .map { $0 ? UsernameStatus.available : .taken }
                    .prefix(value: .checking)
            })
        isCheckingUsername = usernameStatus.map { $0 == .checking }
        isUsernameAvailable = usernameStatus.map { $0 == .available }
        isValid = Property.combineLatest(isUsernameAvailable, email, password)
            .map { $0.0 && $0.1.contains("@") && $0.2.count >= 8 }

        let (username, email) = (self.username, self.email)
        submit = Action(enabledIf: isValid) {
            service.register(username: username.value, email: email.value)
        }
        account = Property(initial: nil, then: submit.values.map(Optional.some))
    }
}
