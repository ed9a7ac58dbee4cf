import BinderyHistory
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// `/api/session` and the control protocol's `session` op (docs/HTTP.md, docs/PROTOCOL.md): one
/// document for both, a file download for the page, one line for a range not kept.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct SessionRouteTests {
    @Test func theRouteAndTheOpAnswerTheSameSessionOfTheRange() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        defer { _ = daemon.stop() }
        let client = try daemon.control()
        for value in [11, 12, 13] {
            #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":\#(value)}"#).isOK)
        }
        let now = try #require(try client.request(#"{"op":"ping"}"#)["version"]?.intValue)
        let from = now - 2
        let http = try daemon.http()
        let served = try http.get("/api/session?from=\(from)&to=\(now)")
        #expect(served.status == 200)
        #expect(served.header("Content-Disposition") == "attachment; filename=\"binderyd-session-v\(from)-v\(now).json\"")
        let document = try JSONParser.parse(served.body)
        #expect(document["format"] == .string("bindery-session") && document["formatVersion"] == .int(1))
        #expect(document["state"]?["viewModels"]?["api"]?["inputs"]?["latencyMs"] == .int(11))
        #expect(document["versions"]?.arrayValue?.compactMap { $0["version"]?.intValue } == [from + 1, now])
        #expect(document["events"]?.arrayValue?.compactMap { $0["value"]?.intValue } == [12, 13])

        let op = try client.request(#"{"op":"session","from":\#(from),"to":\#(now)}"#)
        let fromOp = try #require(op["session"])
        for key in ["from", "to", "state", "versions", "events"] { #expect(fromOp[key] == document[key], "\(key)") }
        let session = try RecordedSession(bytes: served.body)
        #expect(session.states(at: [UInt64(now)])[UInt64(now)]?["viewModels"]?["api"]?["inputs"]?["latencyMs"] == .int(13))
    }

    @Test func aRangeNotKeptIsOneLineAndABadNumberIsA400() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        defer { _ = daemon.stop() }
        let http = try daemon.http()
        let now = try #require(try JSONParser.parse(try http.get("/api/state").body)["version"]?.intValue)
        let future = try http.get("/api/session?to=\(now + 10)")
        #expect(future.status == 404)
        #expect(String(decoding: future.body, as: UTF8.self) == "version \(now + 10) is not kept: the current version is \(now)\n")
        #expect(try http.get("/api/session?from=01").status == 400)
        let client = try daemon.control()
        let backwards = try client.request(#"{"op":"session","from":\#(now),"to":0}"#)
        #expect(backwards["error"]?["code"] == .string("invalid_argument"))
        #expect(backwards["error"]?["message"] == .string("the range @\(now)..@0 ends before it starts"))
    }
}
