import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Testing

/// Secret inputs (the demo's `signin.password` and `login.verifyCode`) on the real binderyd:
/// their values never leave over HTTP, in the event log or in a watch stream — only whether
/// they are set — while `get` on the private control socket still reads them.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct SecretInputTests {
    static let password = "hunter2-Secret"
    static let code = "918273645"

    @Test func secretValuesNeverLeaveOverHTTPTheLogOrAWatch() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let http = try daemon.http()
        let before = try #require(try JSONParser.parse(try http.get("/api/state").body)["version"]?.intValue)
        #expect(try JSONParser.parse(try http.get("/api/state").body)["viewModels"]?["signin"]?["inputs"]?["password"] == .string(""))

        let watcher = try daemon.control()
        try watcher.send(line: #"{"id":"w","op":"watch","vm":"signin"}"#)
        #expect(try watcher.readReply()["watching"] == .bool(true))
        let client = try daemon.control()
        // A short username keeps signin.login disabled: its reason names what it derives from.
        #expect(try client.request(#"{"op":"set","vm":"signin","name":"username","value":"ab"}"#).isOK)
        #expect(try client.request("{\"op\":\"set\",\"vm\":\"signin\",\"name\":\"password\",\"value\":\"\(Self.password)\"}").isOK)
        #expect(try client.request("{\"op\":\"set\",\"vm\":\"login\",\"name\":\"verifyCode\",\"value\":\"\(Self.code)\"}").isOK)

        // The private control socket reads the values.
        #expect(try client.request(#"{"op":"get","vm":"signin","name":"password"}"#)["value"] == .string(Self.password))
        #expect(try client.request(#"{"op":"get","vm":"login","name":"verifyCode"}"#)["value"] == .string(Self.code))

        // HTTP shows them masked, everywhere.
        let state = try http.get("/api/state")
        let json = try JSONParser.parse(state.body)
        #expect(json["viewModels"]?["signin"]?["inputs"]?["password"] == .string("••••"))
        #expect(json["viewModels"]?["login"]?["inputs"]?["verifyCode"] == .string("••••"))
        #expect(json["viewModels"]?["signin"]?["inputs"]?["username"] == .string("ab"))
        let pages = [state, try http.get("/api/events"), try http.get("/api/changes?since=\(before)"),
                     try http.get("/api/changes"), try http.get("/api/surface"), try http.get("/metrics")]
        for page in pages {
            #expect(page.status == 200)
            #expect(!page.text.contains(Self.password) && !page.text.contains(Self.code))
        }
        let surface = try JSONParser.parse(try http.get("/api/surface").body)
        let signinInputs = surface["viewModels"]?["signin"]?["inputs"]?.arrayValue ?? []
        #expect(signinInputs.first { $0["name"] == .string("password") }?["secret"] == .bool(true))
        #expect(signinInputs.first { $0["name"] == .string("username") }?["secret"] == nil)

        // The event log says a secret was set, not what to.
        let events = try JSONParser.parse(try http.get("/api/events").body)["events"]?.arrayValue ?? []
        let passwordSet = events.first { $0["vm"] == .string("signin") && $0["name"] == .string("password") && $0["kind"] == .string("set") }
        #expect(passwordSet?["value"] == .string("••••"))
        let log = try client.request(#"{"op":"log","n":100}"#)
        #expect(!String(describing: log).contains(Self.password) && !String(describing: log).contains(Self.code))

        // The watch stream: every line up to the username's next set.
        #expect(try client.request(#"{"op":"set","vm":"signin","name":"username","value":"done"}"#).isOK)
        var lines: [String] = []
        while !(lines.last?.contains("\"done\"") ?? false) { lines.append(String(describing: try watcher.readReply())) }
        #expect(lines.contains { $0.contains("password") })
        #expect(!lines.joined().contains(Self.password))

        // A command that fills the secret in (login.fillUp, after a login saved the
        // credentials) shows it masked too: in its result, the state and the event log.
        for line in [#"{"op":"set","vm":"login","name":"mobilePhone","value":"13800138000"}"#,
                     #"{"op":"set","vm":"login","name":"verifyCode","value":"1234"}"#, #"{"op":"run","vm":"login","name":"login"}"#,
                     #"{"op":"set","vm":"login","name":"verifyCode","value":""}"#] {
            #expect(try client.request(line).isOK, "\(line)")
        }
        let fill = try client.request(#"{"op":"run","vm":"login","name":"fillUp"}"#)
        #expect(fill["value"]?["verifyCode"] == .string("••••"), "\(fill)")
        #expect(try client.request(#"{"op":"get","vm":"login","name":"verifyCode"}"#)["value"] == .string("1234"))
        for page in [try http.get("/api/state"), try http.get("/api/events?since=\(before)")] {
            #expect(!page.text.contains(#""1234""#), "\(page.text.prefix(300))")
        }

        // After a restart the persisted secret is still masked, and still readable by its owner.
        #expect(daemon.stop() == 0)
        let again = try DaemonProcess(directory: directory.path("d"))
        let restored = try JSONParser.parse(try again.http().get("/api/state").body)
        #expect(restored["viewModels"]?["signin"]?["inputs"]?["password"] == .string("••••"))
        #expect(try again.control().request(#"{"op":"get","vm":"signin","name":"password"}"#)["value"] == .string(Self.password))
        #expect(again.stop() == 0)
    }
}
