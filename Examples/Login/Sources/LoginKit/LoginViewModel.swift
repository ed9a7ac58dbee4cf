import Bindery

/// Seed 004's login: username ≥ 5 and password ≥ 6 enable `login`; `colour` is red up to 3.
public final class LoginViewModel: ViewModel {
    public let username = MutableProperty("")
    public let password = MutableProperty("")
    public let colour: Property<String>
    public let isValid: Property<Bool>
    public let login: Action<Void, Bool, Never>

    public init(scheduler: DateScheduler) {
        colour = username.map { $0.count > 3 ? "white" : "red" }
        isValid = username.combineLatest(with: password).map { $0.count >= 5 && $1.count >= 6 }
        let (username, password) = (self.username, self.password)
        login = Action(enabledIf: isValid) { _ in
            SignalProducer(value: username.value == "admin" && password.value == "secret").delay(0.5, on: scheduler)
        }
    }

    public var surface: Surface { Surface(self) }
}
