import Bindery
import LoginKit
import Testing

/// The view models tested alone: a TestScheduler stands in for the daemon's scheduler, so the
/// login's half-second takes no time and nothing waits on a clock.
@Suite struct LoginViewModelTests {
    @Test func loginIsEnabledOnlyByAValidUsernameAndPassword() throws {
        let model = LoginViewModel(scheduler: TestScheduler())
        let login = try model.surface.command(named: "login")
        #expect(login.isEnabled.value == false)
        model.username.value = "admin"
        model.password.value = "12345"
        #expect(login.isEnabled.value == false)
        model.password.value = "123456"
        #expect(login.isEnabled.value == true)
    }

    @Test func colourIsRedUpToThreeCharacters() {
        let model = LoginViewModel(scheduler: TestScheduler())
        model.username.value = "adm"
        #expect(model.colour.value == "red")
        model.username.value = "admi"
        #expect(model.colour.value == "white")
    }

    @Test func loginAnswersAfterHalfASecondOfSchedulerTime() throws {
        let scheduler = TestScheduler()
        let model = LoginViewModel(scheduler: scheduler)
        model.username.value = "admin"
        model.password.value = "secret"
        var results: [SurfaceValue] = []
        try model.surface.command(named: "login").run(nil).startWithResult { if case let .success(v) = $0 { results.append(v) } }
        scheduler.advance(by: 0.499)
        #expect(results.isEmpty)
        scheduler.advance(by: 0.001)
        #expect(results == [.bool(true)])
    }

    @Test func notesFailWithAMessageAndChangeNothing() throws {
        let model = NotesViewModel()
        model.draft.value = "milk"
        model.add.apply().start()
        model.draft.value = "milk"
        var errors: [String] = []
        model.add.apply().startWithFailed { errors.append("\($0)") }
        model.toggle.apply(5).startWithFailed { errors.append("\($0)") }
        #expect(errors.count == 2)
        #expect(model.notes.value == [Note(title: "milk")])
        #expect(model.surface.outputs.first { $0.name == "notes" }?.itemFields.map(\.label) == ["Title", "Done"])
    }

    /// docs/GUIDE.md's warning, as ReactiveSwift behaves: `delay` does not delay a failure, so a
    /// failure meant for later is a delayed value turned into one.
    @Test func aFailureIsNotDelayedButADelayedValueCanFail() {
        let scheduler = TestScheduler()
        var failedAt: [String] = []
        SignalProducer<Bool, LoginError>(error: LoginError(description: "at once"))
            .delay(0.5, on: scheduler)
            .startWithFailed { failedAt.append($0.description) }
        scheduler.advance()  // the failure is scheduled for now, not 0.5 s later
        #expect(failedAt == ["at once"], "failed before any scheduler time passed")
        SignalProducer<Bool, LoginError>(value: false)
            .delay(0.5, on: scheduler)
            .attemptMap { ok in ok ? .success(ok) : .failure(LoginError(description: "wrong password")) }
            .startWithFailed { failedAt.append($0.description) }
        scheduler.advance(by: 0.499)
        #expect(failedAt.count == 1)
        scheduler.advance(by: 0.001)
        #expect(failedAt.last == "wrong password")
    }
}

/// The error of the guide's delayed-failure example.
struct LoginError: Error, CustomStringConvertible {
    let description: String
}
