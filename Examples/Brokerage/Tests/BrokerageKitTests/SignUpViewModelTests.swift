import BrokerageKit
import Foundation
import ReactiveSwift
import Testing

/// The sign-up form alone, on a TestScheduler: the debounced check, what enables `submit`,
/// the account it creates and the refusals it shows.
@Suite(.timeLimit(.minutes(1))) struct SignUpViewModelTests {
    private func make() -> (SignUpViewModel, TestScheduler) {
        let scheduler = TestScheduler()
        return (SignUpViewModel(service: AccountService(scheduler: scheduler, latency: 0.5), scheduler: scheduler), scheduler)
    }

    @Test func theUsernameIsCheckedOnceTypingRests() {
        let (model, scheduler) = make()
        var statuses: [UsernameStatus] = []
        model.usernameStatus.producer.startWithValues { statuses.append($0) }
        model.username.value = "lin"
        scheduler.advance(by: 0.2)
        model.username.value = "linus"
        scheduler.advance(by: 0.29)
        #expect(statuses == [.empty])
        scheduler.advance(by: 0.02)
        #expect(model.isCheckingUsername.value)
        scheduler.advance(by: 0.5)
        #expect(statuses == [.empty, .checking, .available])
        #expect(model.isUsernameAvailable.value)
    }

    @Test func aTakenOrShortNameIsSaidSoAndANewNameDropsTheCheckInFlight() {
        let (model, scheduler) = make()
        model.username.value = "Ada"
        scheduler.advance(by: 0.9)
        #expect(model.usernameStatus.value == .taken)
        model.username.value = "al"
        scheduler.advance(by: 0.35)
        #expect(model.usernameStatus.value == .tooShort)
        var statuses: [UsernameStatus] = []
        model.usernameStatus.signal.observeValues { statuses.append($0) }
        model.username.value = "grace"
        scheduler.advance(by: 0.35)            // grace's check starts at 0.3, due at 0.8
        model.username.value = "linus"
        scheduler.advance(by: 0.9)             // linus's starts at 0.65: flatMap(.latest) drops grace's
        #expect(statuses == [.checking, .checking, .available])
    }

    @Test func submitIsEnabledByAFreeNameAnAddressAndALongEnoughPassword() {
        let (model, scheduler) = make()
        model.username.value = "linus"
        model.email.value = "linus@example.org"
        model.password.value = "short"
        scheduler.advance(by: 0.9)
        #expect(!model.isValid.value)
        model.password.value = "long enough"
        #expect(model.isValid.value)
        #expect(model.submit.isEnabled.value)
        model.email.value = "no address"
        #expect(!model.submit.isEnabled.value)
    }

    @Test func submitCreatesTheAccountShownAfterTheRoundTrip() throws {
        let (model, scheduler) = make()
        let start = scheduler.currentDate
        (model.username.value, model.email.value, model.password.value) = ("linus", "linus@example.org", "long enough")
        scheduler.advance(by: 0.9)
        model.submit.apply().start()
        scheduler.advance(by: 0.49)
        #expect(model.account.value == nil)
        scheduler.advance(by: 0.02)
        let account = try #require(model.account.value)
        #expect((account.username, account.email) == ("linus", "linus@example.org"))
        #expect(account.createdAt.timeIntervalSince(start) == 0.9 + 0.5)
    }

    @Test func aRefusalIsShownInWordsAndCreatesNoAccount() {
        let (model, scheduler) = make()
        var messages: [String] = []
        model.submit.errors.observeValues { messages.append($0.localizedDescription) }
        (model.username.value, model.email.value, model.password.value) = ("linus", "linus@mail.invalid", "long enough")
        scheduler.advance(by: 0.9)
        model.submit.apply().start()
        scheduler.advance(by: 0.6)
        #expect(messages == ["The domain 'mail.invalid' does not accept mail; use another address"])
        #expect(model.account.value == nil)
    }
}
