import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Testing

/// The small hostile-input gaps of issue 32 (item 3), each against the real binderyd: a
/// request naming another host in its target or naming none, a cross-site read of the page,
/// framing, a refused secret quoted back, and doubles with two spellings.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct HostileInputTests {
    /// An absolute-form target's authority replaces `Host` (RFC 9112 §3.2.2): it is the name
    /// checked, so a rebinding name there is refused even with an admitted `Host`.
    @Test func anAbsoluteFormTargetNamingAnotherHostIsRefused() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let own = "127.0.0.1:\(daemon.port)"
        for target in ["http://evil.example/api/state", "http://evil.example:\(daemon.port)/api/state",
                       "HTTP://user@\(own)/api/state", "http://evil.example/"] {
            let response = try daemon.http().get(target, headers: ["Host: \(own)"])
            #expect(response.status == 421, "\(target)")
            #expect(!response.text.contains("viewModels"), "\(target)")
        }
        #expect(try daemon.http().get("http://\(own)/api/state", headers: ["Host: \(own)"]).status == 200)
        // The authority decides even when Host names something else.
        #expect(try daemon.http().get("http://localhost:\(daemon.port)/api/state", headers: ["Host: evil.example"]).status == 200)
        #expect(daemon.stop() == 0)
    }

    /// HTTP/1.0 may leave `Host` out; such a request names no host to check, so it is refused.
    @Test func anHTTP10RequestWithoutHostIsRefused() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        for path in ["/api/state", "/"] {
            let http = try daemon.http()
            try http.send("GET \(path) HTTP/1.0\r\n\r\n")
            let response = try http.readResponse()
            #expect(response.status == 421, "\(path)")
            #expect(!response.text.contains("viewModels"))
        }
        let http = try daemon.http()
        try http.send("GET /api/state HTTP/1.0\r\nHost: 127.0.0.1:\(daemon.port)\r\n\r\n")
        #expect(try http.readResponse().status == 200)
        #expect(daemon.stop() == 0)
    }

    /// Another site's page gets the dashboard without the state inline, and no page may frame it.
    @Test func aCrossSitePageCarriesNoStateAndNothingMayFrameIt() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        #expect(try daemon.control().request(#"{"op":"set","vm":"signin","name":"username","value":"visible-name"}"#).isOK)
        let own = try daemon.http().get("/")
        #expect(own.text.contains(DashboardPage.dataElementID) && own.text.contains("visible-name"))
        for headers in [["Sec-Fetch-Site: cross-site"], ["Sec-Fetch-Site: same-site"], ["Origin: http://evil.example"]] {
            let page = try daemon.http().get("/", headers: headers)
            #expect(page.status == 200, "\(headers)")
            #expect(!page.text.contains(DashboardPage.dataElementID), "\(headers)")
            #expect(!page.text.contains("visible-name"), "\(headers)")
        }
        for path in ["/", "/api/state", "/style.css", "/nope"] {
            let response = try daemon.http().get(path)
            #expect(response.header("X-Frame-Options") == "DENY", "\(path)")
            #expect(response.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true, "\(path)")
        }
        #expect(daemon.stop() == 0)
    }

    /// A refused value for a secret input is never repeated in the error (it would land in
    /// logs and scripts' output); other inputs still quote what they refused.
    @Test func aRefusedSecretValueIsNeverQuotedBack() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        let secret = "SEKRETpw12345" + String(repeating: "X", count: 300)
        let requests = [
            "{\"op\":\"set\",\"vm\":\"signin\",\"name\":\"password\",\"value\":\"\(secret)\"}",
            "{\"op\":\"set\",\"vm\":\"signin\",\"name\":\"password\",\"text\":\"\(secret)\"}",
            "{\"op\":\"set\",\"vm\":\"signin\",\"name\":\"password\",\"value\":[\"SEKRETpw12345\"]}",
            "{\"op\":\"set\",\"vm\":\"login\",\"name\":\"verifyCode\",\"value\":\"\(secret)\"}",
        ]
        for request in requests {
            let reply = try client.request(request)
            #expect(reply.errorCode == "invalid_value", "\(reply)")
            #expect(reply.errorMessage?.contains("SEKRET") == false, "\(reply)")
            #expect(reply.errorMessage?.contains("the input is secret") == true, "\(reply)")
        }
        let open = try client.request("{\"op\":\"set\",\"vm\":\"signin\",\"name\":\"username\",\"value\":\"\(secret)\"}")
        #expect(open.errorMessage?.contains("SEKRETpw12345") == true, "\(open)")
        #expect(daemon.stop() == 0)
    }

    /// A double has one spelling: negative zero (equal to 0, written `-0.0`) and hex floats
    /// (which JSON cannot write) are refused, as JSON values and as typed text; nothing changes.
    @Test func negativeZeroAndHexFloatsAreRefusedAsDoubles() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        #expect(try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":0.5}"#).isOK)
        let before = try daemon.http().get("/api/state").body
        for request in [#"{"op":"set","vm":"api","name":"failureRate","value":-0.0}"#,
                        #"{"op":"set","vm":"api","name":"failureRate","text":"-0.0"}"#,
                        #"{"op":"set","vm":"api","name":"failureRate","text":"-0"}"#,
                        #"{"op":"set","vm":"api","name":"failureRate","text":"0x1p-2"}"#,
                        #"{"op":"set","vm":"api","name":"failureRate","text":"0X1P-1"}"#] {
            let reply = try client.request(request)
            #expect(reply.errorCode == "invalid_value", "\(request): \(reply)")
        }
        #expect(try daemon.http().get("/api/state").body == before)
        #expect(try client.request(#"{"op":"set","vm":"api","name":"failureRate","text":"0.25"}"#)["value"] == .number("0.25"))
        #expect(try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":0}"#).isOK)
        #expect(daemon.stop() == 0)
    }
}
