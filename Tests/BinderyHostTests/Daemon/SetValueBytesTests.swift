import BinderyJSON
import BinderyTestSupport
import Testing

/// A set's value is encoded once per version and those bytes are reused (docs/PROTOCOL.md,
/// "The life of a set"): against the real daemon, every place that shows a set's value shows
/// that value — also when sets of one input are pipelined, so that one version holds a later
/// value than an earlier set's reply and event must carry.
@Suite(.ownThreads, .serialized) struct SetValueBytesTests {
    @Test(.timeLimit(.minutes(2)))
    func pipelinedSetsOfOneInputEachAnswerAndLogTheirOwnValue() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        let values = (1...20).map { "v<\($0)>&\"é" }
        // Written at once: the sets reach the scheduler together and share versions.
        try client.send(Array(values.enumerated().map { index, value in
            #"{"id":\#(index),"op":"set","vm":"signin","name":"username","value":\#(JSONValue.string(value).serialized)}"# + "\n"
        }.joined().utf8))
        var replied: [Int: JSONValue] = [:]
        while replied.count < values.count {
            let reply = try client.readReply()
            if let id = reply["id"]?.intValue { replied[id] = reply }
        }
        for (index, value) in values.enumerated() {
            #expect(replied[index]?.isOK == true)
            #expect(replied[index]?["value"] == .string(value), "set \(index) is answered with its own value")
        }
        let log = try client.request(#"{"op":"log","n":1000}"#)
        let logged = (log["events"]?.arrayValue ?? []).filter { $0["kind"] == .string("set") && $0["name"] == .string("username") }
        #expect(logged.map { $0["value"] } == values.map { .string($0) }, "each set event carries its own value, in order")
        let last = try #require(values.last)
        #expect(try client.request(#"{"op":"get","vm":"signin","name":"username"}"#)["value"] == .string(last))
        let state = try JSONParser.parse(try daemon.http().get("/api/state").body)
        #expect(state["viewModels"]?["signin"]?["inputs"]?["username"] == .string(last))
        #expect(daemon.stop() == 0)
    }
}
