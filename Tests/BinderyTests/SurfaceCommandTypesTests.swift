import Bindery
import FoundationEssentials
import Testing

/// An account, as a view model's own code has it: `Codable`, nothing written for the surface.
private struct Account: Codable, Equatable, Sendable {
    var name: String
    var plan: Plan
    var since: Date
    enum Plan: String, Codable, Sendable { case free, pro }
}

/// A `Codable` value declared `SurfaceRepresentable` with no `surfaceValue` of its own.
private struct Badge: Codable, SurfaceRepresentable, Sendable {
    var label: String
    var level: Int
}

/// A failure a person reads by its description.
private enum ServerError: LocalizedError, Sendable {
    case server(code: Int)
    case silent

    var errorDescription: String? {
        switch self {
        case let .server(code): "Server error \(code), please try again"
        case .silent: nil
        }
    }
}

/// A failure with no description of its own.
private enum PlainError: Error, Sendable {
    case server(code: Int)
}

/// Idiomatic actions: a `Codable` output, a `Codable` input, `Void` in and out, a date
/// argument, and failures as `LocalizedError` and as a plain error.
private final class InboxViewModel: ViewModel {
    let received = MutableProperty<[Account]>([])
    let load: Action<Void, Account, Never>
    let save: Action<Account, String, Never>
    let markRead: Action<Void, Void, Never>
    let snooze: Action<Date, Date, Never>
    let badge: Action<Void, Badge, Never>
    let sync: Action<Void, Int, ServerError>
    let syncQuietly: Action<Void, Int, ServerError>
    let syncPlainly: Action<Void, Int, PlainError>
    let reads = MutableProperty(0)

    init() {
        let received = received, reads = reads
        load = Action { _ in SignalProducer(value: Account(name: "Ada", plan: .pro, since: Date(timeIntervalSince1970: 0))) }
        save = Action { account in
            received.value.append(account)
            return SignalProducer(value: "saved \(account.name)")
        }
        markRead = Action { _ in reads.value += 1; return SignalProducer(value: ()) }
        snooze = Action { date in SignalProducer(value: date.addingTimeInterval(3600)) }
        badge = Action { _ in SignalProducer(value: Badge(label: "gold", level: 3)) }
        sync = Action { _ in SignalProducer(error: .server(code: 503)) }
        syncQuietly = Action { _ in SignalProducer(error: .silent) }
        syncPlainly = Action { _ in SignalProducer(error: .server(code: 503)) }
    }

    var surface: Surface { Surface(self) }
}

/// An action taking a value that has no Codable form.
private final class OpaqueActionViewModel: ViewModel {
    final class Handle: Sendable {}
    let open = Action<Handle, Int, Never> { _ in SignalProducer(value: 1) }
    var surface: Surface { Surface(self) }
}

/// Every event of one run of `command` with `argument`, failures as their message.
private func run(_ command: SurfaceCommand, _ argument: SurfaceValue? = nil) -> [String] {
    var events: [String] = []
    command.run(argument).start { event in
        switch event {
        case let .value(value): events.append("value \(value)")
        case .completed: events.append("completed")
        case .interrupted: events.append("interrupted")
        case let .failed(.producerFailed(error)): events.append("failed \(error.code.rawValue): \(error.message)")
        case .failed(.disabled): events.append("disabled")
        }
    }
    return events
}

@Suite(.timeLimit(.minutes(2))) struct SurfaceCommandTypesTests {
    @Test func anActionWithACodableOutputIsACommandShowingItsCodableForm() throws {
        let load = try InboxViewModel().surface.command(named: "load")
        #expect(load.argument == nil)
        #expect(run(load) == [
            #"value {name: "Ada", plan: "pro", since: "1970-01-01T00:00:00.000Z"}"#, "completed",
        ])
    }

    @Test func aCodableTypeDeclaredSurfaceRepresentableNeedsNoSurfaceValue() throws {
        #expect(Badge(label: "gold", level: 3).surfaceValue == .record(["label": .string("gold"), "level": .int(3)]))
        let badge = try InboxViewModel().surface.command(named: "badge")
        #expect(run(badge) == [#"value {label: "gold", level: 3}"#, "completed"])
    }

    @Test func anActionWithACodableInputTakesJSONInItsCodableForm() throws {
        let model = InboxViewModel()
        let save = try model.surface.command(named: "save")
        #expect(save.argument == SurfaceCommand.Argument("value", .json))
        let sent: SurfaceValue = .record(["name": .string("Grace"), "plan": .string("free"), "since": .string("2026-12-01T23:41:07Z")])
        let validated = try save.validate(argument: sent, viewModel: "inbox")
        #expect(run(save, validated) == [#"value "saved Grace""#, "completed"])
        #expect(model.received.value == [Account(name: "Grace", plan: .free, since: Date(timeIntervalSince1970: 1_796_168_467))])

        #expect(throws: SurfaceError(.invalidArgument, #"inbox.save expects value to be Account as JSON (its Codable form), got {name: "Eve"}"#)) {
            try save.validate(argument: .record(["name": .string("Eve")]), viewModel: "inbox")
        }
        let wrongPlan: SurfaceValue = .record(["name": .string("Eve"), "plan": .string("gold"), "since": .string("2026-12-01T23:41:07Z")])
        #expect(throws: SurfaceError.self, "a plan no case has") { try save.validate(argument: wrongPlan, viewModel: "inbox") }
        #expect(throws: SurfaceError.self) { try save.validate(argument: .string("Eve"), viewModel: "inbox") }
        #expect(throws: SurfaceError(.invalidArgument, "inbox.save needs an argument: value (json)")) {
            try save.validate(argument: nil, viewModel: "inbox")
        }
        #expect(model.received.value.count == 1, "a refused argument runs nothing")
    }

    @Test func aVoidActionIsACommandWithNoArgumentShowingNull() throws {
        let model = InboxViewModel()
        let markRead = try model.surface.command(named: "markRead")
        #expect(markRead.argument == nil)
        #expect(try markRead.validate(argument: nil, viewModel: "inbox") == nil)
        #expect(throws: SurfaceError(.invalidArgument, "inbox.markRead takes no argument, got 1")) {
            try markRead.validate(argument: .int(1), viewModel: "inbox")
        }
        #expect(run(markRead) == ["value null", "completed"])
        #expect(model.reads.value == 1)
    }

    @Test func aScalarArgumentIsTypedAsItReads() throws {
        let snooze = try InboxViewModel().surface.command(named: "snooze")
        #expect(snooze.argument == SurfaceCommand.Argument("value", .string))
        #expect(run(snooze, .string("2026-12-01T23:41:07Z")) == [#"value "2026-12-02T00:41:07.000Z""#, "completed"])
        #expect(throws: SurfaceError(.invalidArgument,
                                     #"inbox.snooze expects value to be an ISO 8601 date and time such as 2026-12-01T23:41:07Z, got "tomorrow""#)) {
            try snooze.validate(argument: .string("tomorrow"), viewModel: "inbox")
        }
    }

    @Test func aLocalizedErrorIsShownByItsDescription() throws {
        let surface = InboxViewModel().surface
        let sync = try surface.command(named: "sync")
        var executions: [String] = []
        sync.executions.observeValues { event in
            if case let .failed(error) = event { executions.append(error.message) }
        }
        #expect(run(sync) == ["failed failed: Server error 503, please try again"])
        #expect(executions == ["Server error 503, please try again"], "what the dashboard and the event log show")
        #expect(FailureMessage.of(ServerError.server(code: 503)) == "Server error 503, please try again")
    }

    @Test func anErrorWithoutADescriptionKeepsItsSwiftText() throws {
        let surface = InboxViewModel().surface
        #expect(run(try surface.command(named: "syncQuietly")) == ["failed failed: silent"])
        #expect(run(try surface.command(named: "syncPlainly")) == ["failed failed: server(code: 503)"])
    }

    @Test func anActionTakingAValueNoSurfaceCanCarryIsAProblemNamingIt() {
        let surface = OpaqueActionViewModel().surface
        #expect(surface.problems.count == 1)
        #expect(surface.problems.first?.hasPrefix("opaqueAction: open is an Action<Handle, Int, Never>, and a surface cannot carry Handle; make it Codable") == true, "\(surface.problems)")
        #expect(!surface.commands.contains { $0.name == "open" })
    }
}
