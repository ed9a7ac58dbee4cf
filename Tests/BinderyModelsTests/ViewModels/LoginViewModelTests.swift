import Bindery
import BinderyModels
import Testing

@Suite(.timeLimit(.minutes(2))) struct LoginViewModelTests {
    let demo = StoreFixtures.accounts[0]

    @Test func loginIsValidOnlyWhileBothInputsAreFilledIn() throws {
        let h = try Harness()
        #expect(try h.get("login", "isLoginValid") == .bool(false))
        #expect(try h.isEnabled("login", "login") == false)
        try h.set("login", "mobilePhone", "1")
        #expect(try h.get("login", "isLoginValid") == .bool(false))
        try h.set("login", "verifyCode", "9")
        #expect(try h.get("login", "isLoginValid") == .bool(true))
        try h.set("login", "mobilePhone", "")
        #expect(try h.get("login", "isLoginValid") == .bool(false))
        let run = try h.run("login", "login")
        #expect(run.ending == .disabled)
        #expect(h.requests == 0)
    }

    @Test func aBadPhoneIsReportedBeforeABadCode() throws {
        let h = try Harness()
        try h.set("login", "mobilePhone", "12345")
        try h.set("login", "verifyCode", "12")
        #expect(try h.run("login", "login").errorMessage == "Please enter a valid mobile number")
        for phone in ["12800138000", "1380013800", "138001380001", "1380013800a", "+8613800138000"] {
            try h.set("login", "mobilePhone", phone)
            #expect(try h.run("login", "login").errorMessage == "Please enter a valid mobile number", "\(phone)")
        }
        #expect(h.requests == 0, "validation fails before any request")
    }

    @Test func aCodeThatIsNotFourDigitsIsWrong() throws {
        let h = try Harness()
        try h.set("login", "mobilePhone", demo.phone)
        for code in ["123", "12345", "12a4", "１２３４", " 1234"] {
            try h.set("login", "verifyCode", code)
            #expect(try h.run("login", "login").errorMessage == "Wrong verification code", "\(code)")
        }
        h.settle()
        #expect(h.requests == 1, "only the avatar lookup went out")
    }

    @Test func aSuccessfulLoginProducesTheAccountAndRemembersPhoneAndCode() throws {
        let h = try Harness(latencyMs: 1000)
        try h.set("login", "mobilePhone", demo.phone)
        try h.set("login", "verifyCode", demo.verificationCode)
        let run = try h.run("login", "login")
        #expect(try h.isExecuting("login", "login"))
        h.advance(0.999)
        #expect(run.ending == nil)
        h.advance(0.001)
        #expect(run.value == .record(["phone": .string(demo.phone), "name": .string(demo.name), "avatarURL": .string(demo.avatarURL)]))
        #expect(try h.isExecuting("login", "login") == false)
        let saved = try #require(try h.store.savedCredentials())
        #expect(saved.phone == demo.phone && saved.code == demo.verificationCode)
    }

    @Test func aProvokedServerFailureSaysServerUnavailable() throws {
        let h = try Harness(failureRate: 1)
        try h.set("login", "mobilePhone", demo.phone)
        try h.set("login", "verifyCode", demo.verificationCode)
        h.settle()
        let failuresBefore = h.failures
        let run = try h.run("login", "login")
        h.settle()
        #expect(run.errorMessage == "Server unavailable, please retry")
        #expect(h.failures == failuresBefore + 1)
        #expect(try h.store.savedCredentials() == nil)
        #expect(try h.isExecuting("login", "login") == false)
    }

    @Test func theServerChecksTheCodeAndTheAccount() throws {
        let h = try Harness()
        try h.set("login", "mobilePhone", demo.phone)
        try h.set("login", "verifyCode", "9876")
        let wrong = try h.run("login", "login")
        h.settle()
        #expect(wrong.errorMessage == "Wrong verification code")
        try h.set("login", "mobilePhone", "13000000000")
        let unknown = try h.run("login", "login")
        h.settle()
        #expect(unknown.errorMessage == "No account with mobile number 13000000000")
        #expect(try h.store.savedCredentials() == nil)
    }

    @Test func theAvatarFollowsAValidPhoneAndSkipsRepeats() throws {
        let h = try Harness(latencyMs: 500)
        let avatars = ValueLog<SurfaceValue>()
        _ = try h.surface("login").output(named: "avatarURL").producer.startWithValues(avatars.append)
        try h.set("login", "mobilePhone", "1380013800")
        #expect(h.requests == 0, "no lookup for an invalid phone")
        try h.set("login", "mobilePhone", demo.phone)
        #expect(try h.get("login", "avatarURL") == .null, "nil while the lookup runs")
        h.advance(0.5)
        #expect(try h.get("login", "avatarURL") == .string(demo.avatarURL))
        #expect(h.requests == 1)
        try h.set("login", "mobilePhone", demo.phone)
        h.advance(0.5)
        #expect(h.requests == 1, "the same phone again is not looked up again")
        try h.set("login", "mobilePhone", "13000000000")
        h.advance(0.5)
        #expect(try h.get("login", "avatarURL") == .null, "a valid phone without an account has no avatar")
        try h.set("login", "mobilePhone", "abc")
        #expect(try h.get("login", "avatarURL") == .null)
        #expect(avatars.all == [.null, .string(demo.avatarURL), .null])
    }

    @Test func aPhoneChangedDuringTheLookupNeverShowsTheOldAvatar() throws {
        let h = try Harness(latencyMs: 500)
        let other = StoreFixtures.accounts[1]
        try h.set("login", "mobilePhone", demo.phone)
        h.advance(0.3)
        try h.set("login", "mobilePhone", other.phone)
        h.advance(0.3)
        #expect(try h.get("login", "avatarURL") == .null, "the first lookup was cancelled")
        h.advance(0.2)
        #expect(try h.get("login", "avatarURL") == .string(other.avatarURL))
    }

    @Test func fillUpWithNothingSavedIsAnError() throws {
        let h = try Harness()
        let run = try h.run("login", "fillUp")
        #expect(run.errorMessage == "No saved mobile number and code yet: log in once first")
        #expect(try h.input("login", "mobilePhone") == .string(""))
    }

    @Test func fillUpPropagatesExactlyLikeTyping() throws {
        let h = try Harness()
        try h.set("login", "mobilePhone", demo.phone)
        try h.set("login", "verifyCode", demo.verificationCode)
        try h.run("login", "login")
        h.settle()
        try h.set("login", "mobilePhone", "")
        try h.set("login", "verifyCode", "")
        #expect(try h.get("login", "isLoginValid") == .bool(false))
        #expect(try h.get("login", "avatarURL") == .null)

        let phones = ValueLog<SurfaceValue>()
        _ = try h.surface("login").input(named: "mobilePhone").producer.startWithValues(phones.append)
        let fill = try h.run("login", "fillUp")
        #expect(fill.value == .record(["mobilePhone": .string(demo.phone), "verifyCode": .string("••••")]), "the secret code is not in the result")
        #expect(try h.surface("login").input(named: "verifyCode").value == .string(demo.verificationCode))
        #expect(phones.all == [.string(""), .string(demo.phone)], "observers of the input saw the set")
        #expect(try h.get("login", "isLoginValid") == .bool(true))
        h.settle()
        #expect(try h.get("login", "avatarURL") == .string(demo.avatarURL), "the avatar lookup ran as for a typed phone")
        let again = try h.run("login", "login")
        h.settle()
        #expect(again.value?["phone"] == .string(demo.phone))
    }

    /// What the host's timeout does to a login that never answers: it disposes the run. The
    /// abandoned request then delivers nothing, saves nothing, and the command can run again.
    @Test func anAbandonedLoginDeliversNothingAndCanRunAgain() throws {
        let h = try Harness(latencyMs: 60_000)
        try h.set("login", "mobilePhone", demo.phone)
        try h.set("login", "verifyCode", demo.verificationCode)
        let run = try h.run("login", "login")
        h.advance(29.999)
        #expect(run.ending == nil)
        #expect(try h.isExecuting("login", "login"))
        run.disposable?.dispose()
        #expect(try h.isExecuting("login", "login") == false)
        h.advance(60)
        #expect(run.values.isEmpty, "the abandoned request delivers nothing")
        #expect(try h.store.savedCredentials() == nil)
        try h.set("api", "latencyMs", "0")
        let retry = try h.run("login", "login")
        h.settle()
        #expect(retry.value?["phone"] == .string(demo.phone), "the command can run again")
    }
}
