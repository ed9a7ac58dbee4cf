import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// Every control-protocol op against the real binderyd. They use only the surface names
/// SPEC.md fixes (`api.latencyMs`, `api.failureRate`) and discover commands through `list`
/// and `describe`, so they hold for whichever view models binderyd hosts.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct DaemonControlProtocolTests {
    @Test func pingListDescribeAndGet() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()

        let pong = try client.request("{\"op\":\"ping\"}")
        #expect(pong.isOK && pong["pong"] == .bool(true))
        #expect((pong["version"]?.intValue ?? 0) >= 1)

        let list = try client.request("{\"op\":\"list\"}")
        let api = list["viewModels"]?.arrayValue?.first { $0["name"] == .string("api") }
        #expect(api?["inputs"]?.arrayValue?.contains(.string("latencyMs")) == true)
        #expect(api?["inputs"]?.arrayValue?.contains(.string("failureRate")) == true)

        let describe = try client.request(#"{"op":"describe","vm":"api"}"#)
        let inputs = describe["surface"]?["inputs"]?.arrayValue ?? []
        let latency = inputs.first { $0["name"] == .string("latencyMs") }
        #expect(latency?["type"] == .string("int"))
        let rate = inputs.first { $0["name"] == .string("failureRate") }
        #expect(rate?["type"] == .string("double"))
        #expect(rate?["constraint"]?.stringValue?.contains("between 0 and 1") == true)

        let unknown = try client.request(#"{"op":"describe","vm":"apu"}"#)
        #expect(unknown.errorCode == "unknown_view_model")
        #expect(unknown.errorMessage?.contains("did you mean 'api'") == true)

        let state = try client.request(#"{"op":"get","vm":"api"}"#)
        #expect(state["state"]?["inputs"]?["latencyMs"] == .int(0))
        #expect(state["state"]?["outputs"] != nil && state["state"]?["commands"] != nil)

        let one = try client.request(#"{"op":"get","vm":"api","name":"latencyMs"}"#)
        #expect(one["kind"] == .string("input") && one["value"] == .int(0))

        let missing = try client.request(#"{"op":"get","vm":"api","name":"latencyMz"}"#)
        #expect(missing.isOK == false)
        #expect(missing.errorMessage?.contains("did you mean 'latencyMs'") == true)
        #expect(daemon.stop() == 0)
    }

    /// `get VM NAME` answers the member's own bytes at the published version (no parse of the
    /// view model's state): for every input, output and command of every hosted view model,
    /// the value the whole state shows (ListOutputFeedTests checks a long reported list).
    @Test func getOfEachMemberIsWhatTheWholeStateShows() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        #expect(try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":0.5}"#).isOK)
        let names = try client.request("{\"op\":\"list\"}")["viewModels"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        var checked: Set<String> = []
        for vm in names {
            let state = try #require(try client.request(#"{"op":"get","vm":"\#(vm)"}"#)["state"])
            for (key, kind) in [("inputs", "input"), ("outputs", "output"), ("commands", "command")] {
                for (name, shown) in state[key]?.objectValue ?? [] {
                    let one = try client.request(#"{"op":"get","vm":"\#(vm)","name":"\#(name)"}"#)
                    #expect(one["kind"] == .string(kind), "\(vm).\(name)")
                    #expect(one["value"] == shown, "\(vm).\(name)")
                    checked.insert(kind)
                }
            }
        }
        #expect(checked == ["input", "output", "command"])
        #expect(daemon.stop() == 0)
    }

    @Test func setValidatesAcknowledgesAndChangesNothingOnError() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        let before = try client.request("{\"op\":\"ping\"}")["version"]?.intValue ?? 0

        let set = try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":0.25}"#)
        #expect(set.isOK && set["value"] == .double(0.25))
        #expect((set["version"]?.intValue ?? 0) > before)
        #expect(try client.request(#"{"op":"get","vm":"api","name":"failureRate"}"#)["value"] == .double(0.25))

        let whole = try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":1}"#)
        #expect(whole.isOK && whole["value"] == .double(1))

        let wrongType = try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":"high"}"#)
        #expect(wrongType.errorCode == "invalid_value")
        #expect(wrongType.errorMessage?.contains("api.failureRate") == true)
        #expect(wrongType.errorMessage?.contains("double") == true)
        let outOfRange = try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":2}"#)
        #expect(outOfRange.errorCode == "invalid_value")
        let unknown = try client.request(#"{"op":"set","vm":"api","name":"failureRat","value":0}"#)
        #expect(unknown.errorCode == "unknown_input")
        #expect(unknown.errorMessage?.contains("did you mean 'failureRate'") == true)
        let noValue = try client.request(#"{"op":"set","vm":"api","name":"failureRate"}"#)
        #expect(noValue.errorCode == "bad_request")

        #expect(try client.request(#"{"op":"get","vm":"api","name":"failureRate"}"#)["value"] == .double(1))
        #expect(daemon.stop() == 0)
    }

    @Test func runAnEnabledCommandAndSeeItInTheLogAndState() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        let (vm, command) = try enabledCommandWithoutArgument(client)

        let ran = try client.request(#"{"op":"run","vm":"\#(vm)","name":"\#(command)"}"#)
        if ran.isOK {
            #expect(ran["durationMs"] != nil)
        } else {
            #expect(["failed", "timed_out"].contains(ran.errorCode ?? ""))
        }
        let commandState = try client.request(#"{"op":"get","vm":"\#(vm)","name":"\#(command)"}"#)
        #expect(commandState["kind"] == .string("command"))
        #expect((commandState["value"]?["runs"]?.intValue ?? 0) >= 1)
        #expect(commandState["value"]?["executing"] == .bool(false))

        let log = try client.request(#"{"op":"log","n":1000}"#)
        let events = log["events"]?.arrayValue ?? []
        let kinds = events.filter { $0["vm"] == .string(vm) && $0["name"] == .string(command) }.compactMap { $0["kind"]?.stringValue }
        #expect(kinds.contains("start"))
        #expect(kinds.contains("finish") || kinds.contains("fail"))

        let started = try client.request(#"{"op":"run","vm":"\#(vm)","name":"\#(command)","wait":false}"#)
        #expect(started.isOK && started["started"] == .bool(true))

        let unknown = try client.request(#"{"op":"run","vm":"\#(vm)","name":"\#(command)x"}"#)
        #expect(unknown.errorCode == "unknown_command")
        let extra = try client.request(#"{"op":"run","vm":"\#(vm)","name":"\#(command)","arg":[1]}"#)
        #expect(extra.errorCode == "invalid_argument")
        let badWait = try client.request(#"{"op":"run","vm":"\#(vm)","name":"\#(command)","wait":"yes"}"#)
        #expect(badWait.errorCode == "bad_request")
        #expect(daemon.stop() == 0)
    }

    @Test func watchStreamsSetsFromOtherClients() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let watcher = try daemon.control()
        let setter = try daemon.control()
        try watcher.send(line: #"{"id":"w","op":"watch","vm":"api"}"#)
        let ack = try watcher.readReply()
        #expect(ack["id"] == .string("w") && ack["watching"] == .bool(true))

        #expect(try setter.request(#"{"op":"set","vm":"api","name":"latencyMs","value":7}"#).isOK)
        var seen: JSONValue?
        while seen == nil {
            let line = try watcher.readReply()
            #expect(line["id"] == .string("w"))
            if let event = line["event"], event["kind"] == .string("set") { seen = event }
        }
        #expect(seen?["vm"] == .string("api") && seen?["name"] == .string("latencyMs") && seen?["value"] == .int(7))
        #expect((seen?["version"]?.intValue ?? 0) >= 2)
        #expect(seen?["at"]?.stringValue?.hasSuffix("Z") == true)

        let badWatch = try setter.request(#"{"op":"watch","vm":"nope"}"#)
        #expect(badWatch.errorCode == "unknown_view_model")
        #expect(daemon.stop() == 0)
    }

    @Test func logReturnsRecentEventsOldestFirst() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        for value in 1...3 {
            #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":\#(value)}"#).isOK)
        }
        let two = try client.request(#"{"op":"log","n":2}"#)["events"]?.arrayValue ?? []
        #expect(two.map { $0["value"] } == [.int(2), .int(3)])
        let all = try client.request(#"{"op":"log"}"#)["events"]?.arrayValue ?? []
        let versions = all.compactMap { $0["version"]?.intValue }
        #expect(versions == versions.sorted())
        #expect(try client.request(#"{"op":"log","n":-1}"#).errorCode == "bad_request")
        #expect(try client.request(#"{"op":"log","n":"x"}"#).errorCode == "bad_request")
        #expect(daemon.stop() == 0)
    }

    /// The first command that takes no argument and is enabled now.
    private func enabledCommandWithoutArgument(_ client: ControlClient) throws -> (String, String) {
        let list = try client.request("{\"op\":\"list\"}")["viewModels"]?.arrayValue ?? []
        for entry in list {
            guard let vm = entry["name"]?.stringValue else { continue }
            let surface = try client.request(#"{"op":"describe","vm":"\#(vm)"}"#)["surface"]
            let state = try client.request(#"{"op":"get","vm":"\#(vm)"}"#)["state"]
            for command in surface?["commands"]?.arrayValue ?? [] where command["argument"] == .null {
                guard let name = command["name"]?.stringValue else { continue }
                if state?["commands"]?[name]?["enabled"] == .bool(true) { return (vm, name) }
            }
        }
        throw DaemonTestError(description: "no enabled command without an argument is hosted")
    }
}
