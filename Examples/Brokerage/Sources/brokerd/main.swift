// Hosting the app's view models, unchanged: each gets its surface here, and DaemonMain serves
// them (the control socket, the dashboard, state that survives a restart).
import Bindery
import BinderyHost
import BrokerageKit

extension SignUpViewModel: ViewModel {
    public var surface: Surface { Surface(self) { $0.secret(\.password) } }
}

extension QuotesViewModel: ViewModel {
    public var surface: Surface { Surface(self) }
}

extension ChatViewModel: ViewModel {
    public var surface: Surface { Surface(self) }
}

DaemonMain.run { environment in
    let scheduler = environment.scheduler
    return [
        SignUpViewModel(service: AccountService(scheduler: scheduler), scheduler: scheduler),
        QuotesViewModel(feed: QuoteFeed(scheduler: scheduler), scheduler: scheduler),
        ChatViewModel(backend: ChatBackend(scheduler: scheduler), scheduler: scheduler),
    ]
}
