import Bindery
import Testing

/// Seed 004's `LoginViewModel`, ported: `NoError` → `Never`, UIKit removed (`UIColor` becomes
/// `FieldColor`), `.characters.count` → `.count`. Everything else is the seed's code.
private enum FieldColor: Equatable, Sendable {
    case white, red
}

private final class LoginViewModel {
    var userNameSignal: Signal<String?, Never> // 接收用户名的信号
    var passWordSignal: Signal<String?, Never> // 接收密码的信号
    var validSignal: Signal<Bool, Never> // 用户名和密码是否合法的信号
    var loginAction: Action<(String, String), Bool, Never> // 登录的action
    var tfColor: Property<FieldColor>

    init(_ signal1: Signal<String?, Never>, _ signal2: Signal<String?, Never>) {
        userNameSignal = signal1
        passWordSignal = signal2

        validSignal = Signal.combineLatest(userNameSignal, passWordSignal).map { $0!.count >= 5 && $1!.count >= 6 }

        let loginEnable = Property(initial: false, then: validSignal)

        let colorSignal: Signal<FieldColor, Never> = signal1.map { text in
            return (text?.count)! > 3 ? .white : .red
        }
        tfColor = Property(initial: .white, then: colorSignal)

        loginAction = Action(enabledIf: loginEnable) { username, password in
            return SignalProducer<Bool, Never> { observer, _ in
                let success = (username == "admin") && (password == "password")
                observer.send(value: success)
                observer.sendCompleted()
            }
        }
    }
}

/// The seed's view controller side: text fields as pipes, the button's `isEnabled` as a bound
/// property, and the observed login results.
private struct LoginScreen {
    let userName = Signal<String?, Never>.pipe()
    let passWord = Signal<String?, Never>.pipe()
    let viewModel: LoginViewModel
    let loginButtonIsEnabled = MutableProperty(false)
    let results = Recorder<Bool>()

    init() {
        viewModel = LoginViewModel(userName.output, passWord.output)
        loginButtonIsEnabled <~ viewModel.validSignal
        let results = self.results
        viewModel.loginAction.values.observeValues { success in results.append(success) }
    }

    func type(user: String, password: String) {
        userName.input.send(value: user)
        passWord.input.send(value: password)
    }

    func pressLogin(user: String, password: String) -> [Seen<Bool>] {
        viewModel.loginAction.apply((user, password)).events()
    }
}

@Suite(.timeLimit(.minutes(2))) struct SeedLoginViewModelTests {
    @Test func validOnlyWhenUsernameHasFiveAndPasswordSixCharacters() {
        let screen = LoginScreen()
        #expect(!screen.loginButtonIsEnabled.value)
        screen.type(user: "abcd", password: "123456")
        #expect(!screen.loginButtonIsEnabled.value)
        screen.type(user: "abcde", password: "12345")
        #expect(!screen.loginButtonIsEnabled.value)
        screen.type(user: "abcde", password: "123456")
        #expect(screen.loginButtonIsEnabled.value)
        #expect(screen.viewModel.loginAction.isEnabled.value)
        screen.type(user: "abc", password: "123456")
        #expect(!screen.viewModel.loginAction.isEnabled.value)
    }

    @Test func adminWithPasswordLogsIn() {
        let screen = LoginScreen()
        screen.type(user: "admin", password: "password")
        #expect(screen.pressLogin(user: "admin", password: "password") == [.value(true), .completed])
        #expect(screen.results.all == [true])
    }

    @Test func otherCredentialsDoNotLogIn() {
        let screen = LoginScreen()
        screen.type(user: "someone", password: "secret!")
        #expect(screen.pressLogin(user: "someone", password: "secret!") == [.value(false), .completed])
        #expect(screen.pressLogin(user: "admin", password: "Password") == [.value(false), .completed])
        #expect(screen.results.all == [false, false])
    }

    @Test func loginIsDisabledUntilTheFormIsValid() {
        let screen = LoginScreen()
        screen.type(user: "adm", password: "pw")
        #expect(screen.pressLogin(user: "admin", password: "password") == [.failed("action is disabled")])
        #expect(screen.results.all == [])
    }

    @Test func usernameColorIsRedUpToThreeCharactersThenWhite() {
        let screen = LoginScreen()
        #expect(screen.viewModel.tfColor.value == .white)
        screen.userName.input.send(value: "abc")
        #expect(screen.viewModel.tfColor.value == .red)
        screen.userName.input.send(value: "abcd")
        #expect(screen.viewModel.tfColor.value == .white)
    }
}
