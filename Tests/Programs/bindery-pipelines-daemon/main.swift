// A test helper, run by BinderyHostTests (PipelineStateDaemonRestartTests): a DaemonMain
// program serving a sign-up form written as idiomatic ReactiveSwift for an app, its state held
// inside its pipelines — an availability check through debounce and flatMap(.latest) into a
// Property(initial:then:), an account from a Codable Action output, a log accumulated by scan
// from the Action's values merged with an input's own signal, the last rename by
// combinePrevious — so a restart by kill -9 or SIGTERM can be compared with what was shown.
// With BINDERY_PIPELINES_CHANGED set it is the same form as a later version of its code would
// build it, an operator inserted before its pipelines: the restart of code that changed.
import Bindery
import BinderyHost
import FoundationEssentials

/// What the (fake) backend says about a user name.
enum Availability: String, Codable, SurfaceRepresentable, Sendable { case unknown, checking, available, taken }

/// The account `submit` makes.
struct Account: Codable, Equatable, Sendable {
    var name: String
    var number: Int
}

/// A backend answering an availability check after a short while, on the view models' scheduler.
struct AvailabilityService: Sendable {
    let scheduler: QueueScheduler

    func check(_ name: String) -> SignalProducer<Availability, Never> {
        SignalProducer(value: name.count > 3 ? .available : .taken).delay(0.05, on: scheduler)
    }
}

final class SignupViewModel: ViewModel {
    public let username = MutableProperty("")
    public let notice = MutableProperty("")
    let availability: Property<Availability>
    let isValid: Property<Bool>
    let account: Property<Account?>
    let log: Property<[String]>
    let lastRename: Property<String>
    let submit: Action<Void, Account, Never>
    /// What the changed code inserted, if it is that code.
    let inserted: MutableProperty<Int>?

    init(service: AvailabilityService, scheduler: QueueScheduler, changed: Bool) {
        inserted = changed ? MutableProperty(0) : nil
        let username = username
        availability = Property(initial: .unknown, then: username.signal.debounce(0.1, on: scheduler).skipRepeats()
            .flatMap(.latest) { service.check($0).prefix(value: .checking) })
        isValid = availability.map { $0 == .available }
        submit = Action(enabledIf: isValid) { SignalProducer(value: Account(name: username.value, number: username.value.count)) }
        account = Property(initial: nil, then: submit.values.map(Optional.some))
        log = Property(initial: [], then: Signal.merge(submit.values.map { "signed up \($0.name)" }, notice.signal.map { "notice: \($0)" })
            .scan([]) { $0 + [$1] })
        lastRename = Property(initial: "", then: username.signal.combinePrevious("").map { "\($0) → \($1)" })
    }

    var surface: Surface { Surface(self) }
}

DaemonMain.run { environment in
    [SignupViewModel(service: AvailabilityService(scheduler: environment.scheduler), scheduler: environment.scheduler,
                     changed: ProcessInfo.processInfo.environment["BINDERY_PIPELINES_CHANGED"] != nil)]
}
