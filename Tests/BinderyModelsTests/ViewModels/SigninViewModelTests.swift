import Bindery
import BinderyModels
import Testing

@Suite(.timeLimit(.minutes(2))) struct SigninViewModelTests {
    @Test(arguments: [
        ("abcd", "123456", false), ("abcde", "12345", false), ("abcde", "123456", true),
        ("", "", false), ("admin", "password", true), ("用户名五个", "密码六个字符", true),
    ])
    func isValidNeedsFiveAndSixCharacters(username: String, password: String, valid: Bool) throws {
        let h = try Harness()
        try h.set("signin", "username", username)
        try h.set("signin", "password", password)
        #expect(try h.get("signin", "isValid") == .bool(valid))
    }

    @Test func theUsernameIsRedUpToThreeCharacters() throws {
        let h = try Harness()
        let colors = ValueLog<SurfaceValue>()
        _ = try h.surface("signin").output(named: "usernameColor").producer.startWithValues(colors.append)
        for (text, color) in [("", "red"), ("a", "red"), ("abc", "red"), ("abcd", "white"), ("abcdefgh", "white"), ("ab", "red")] {
            try h.set("signin", "username", text)
            #expect(try h.get("signin", "usernameColor") == .string(color), "\(text)")
        }
        #expect(colors.all == [.string("red"), .string("white"), .string("red")], "repeats are skipped")
    }

    @Test func loginIsTrueOnlyForAdminAndPassword() throws {
        let h = try Harness()
        try h.set("signin", "username", "admin")
        try h.set("signin", "password", "password")
        #expect(try h.run("signin", "login").value == .bool(true))
        try h.set("signin", "password", "password1")
        #expect(try h.run("signin", "login").value == .bool(false))
        try h.set("signin", "username", "Admin")
        try h.set("signin", "password", "password")
        #expect(try h.run("signin", "login").value == .bool(false))
    }

    @Test func loginIsDisabledWhileInvalid() throws {
        let h = try Harness()
        try h.set("signin", "username", "admin")
        try h.set("signin", "password", "pass")
        #expect(try h.run("signin", "login").ending == .disabled)
    }

    @Test func inputsRejectWhatTheyCannotHold() throws {
        let h = try Harness()
        let tooLong = String(repeating: "x", count: 257)
        #expect(throws: SurfaceError.self) { try h.set("signin", "username", tooLong) }
        #expect(try h.input("signin", "username") == .string(""), "a refused set changes nothing")
        let error = #expect(throws: SurfaceError.self) { try h.set("signin", "usernme", "x") }
        #expect(error?.message == "unknown input 'usernme' in signin — did you mean 'username'?")
    }
}
