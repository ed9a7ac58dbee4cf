import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// The control protocol's `import` op and `/api/imported` (docs/PROTOCOL.md, docs/HTTP.md): a
/// session loaded for reading is served marked imported, apart from the live history; a
/// document that is not a session is refused with one line and changes nothing.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ImportedRouteTests {
    @Test func anImportedSessionIsServedMarkedAndApartFromTheLiveHistory() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        defer { _ = daemon.stop() }
        let client = try daemon.control()
        let http = try daemon.http()
        #expect(try JSONParser.parse(try http.get("/api/imported").body) == .object([(key: "imported", value: .null)]))
        #expect(try http.get("/api/imported?at=1").status == 404)
        for value in [11, 12, 13] {
            #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":\#(value)}"#).isOK)
        }
        let now = try #require(try client.request(#"{"op":"ping"}"#)["version"]?.intValue)
        let session = try #require(try client.request(#"{"op":"session","from":\#(now - 2),"to":\#(now)}"#)["session"])
        var frame: [UInt8] = []
        JSONValue.object([(key: "op", value: .string("import")), (key: "session", value: session)]).write(to: &frame)
        let imported = try client.request(String(decoding: frame, as: UTF8.self))
        #expect(imported["imported"]?["from"]?.intValue == now - 2 && imported["imported"]?["to"]?.intValue == now, "\(imported)")
        #expect(try client.request(#"{"op":"ping"}"#)["version"]?.intValue == now, "importing makes no live version")

        // Served apart, marked, equal to the live history's state at those versions.
        let whole = try JSONParser.parse(try http.get("/api/imported").body)
        #expect(whole["imported"]?["events"]?.intValue == 2 && whole["session"]?["from"] == session["from"])
        let importedState = try JSONParser.parse(try http.get("/api/imported?at=\(now - 1)").body)
        let liveState = try JSONParser.parse(try http.get("/api/state?at=\(now - 1)").body)
        #expect(importedState["viewModels"] == liveState["viewModels"])
        #expect(importedState["imported"]?["daemon"] == .string("binderyd") && liveState["imported"] == nil)
        #expect(try http.get("/api/imported?at=\(now + 1)").status == 404)

        // Never among the live versions: later sets move the live history only.
        #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":99}"#).isOK)
        let history = try JSONParser.parse(try http.get("/api/history").body)
        #expect(history["version"]?.intValue == now + 1)
        let got = try client.request(#"{"op":"get","vm":"api","name":"latencyMs","imported":true}"#)
        #expect(got["value"] == .int(13) && got["at"]?.intValue == now && got["imported"] != nil, "\(got)")

        // A document that is not a session: one line, and the import before stays.
        let refused = try client.request(#"{"op":"import","session":{"format":"other"}}"#)
        #expect(refused["error"]?["code"] == .string("invalid_argument"))
        #expect(refused["error"]?["message"] == .string(#"not a session file: it has no "format": "bindery-session""#))
        #expect(try client.request(#"{"op":"import","session":"x"}"#)["error"]?["code"] == .string("bad_request"))
        #expect(try JSONParser.parse(try http.get("/api/imported").body)["imported"]?["to"]?.intValue == now)
    }
}
