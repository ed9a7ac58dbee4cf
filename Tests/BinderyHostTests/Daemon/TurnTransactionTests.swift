import Bindery
import BinderyHost
import BinderyJSON
import BinderyPrimitives
import BinderyTestSupport
import Foundation
import Testing

/// A turn is a transaction (docs/CONTRACTS.md): a `set` of several inputs and a `restore`
/// change every input first and only then let bindings and derived work run.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct TurnTransactionTests {
    /// Two inputs and their `combineLatest`, recording every pair it sees.
    final class PairViewModel: ViewModel {
        let surface: Surface
        let left = MutableProperty(0)
        let right = MutableProperty(0)
        let pair: Property<String>
        /// Every pair the combination sent, in order.
        let seen = Seen()

        final class Seen: Sendable {
            private let values = Lock<[String]>([])
            func append(_ value: String) { values.withLock { $0.append(value) } }
            var all: [String] { values.withLock { $0 } }
        }

        init() {
            pair = left.combineLatest(with: right).map { "\($0),\($1)" }
            let seen = self.seen
            pair.producer.startWithValues { seen.append($0) }
            surface = Surface(name: "pair", inputs: [.int("left", left), .int("right", right)],
                              outputs: [SurfaceOutput("pair", pair, derivesFrom: ["left", "right"])], commands: [])
        }
    }

    @Test func aSetOfSeveralInputsIsNeverSeenHalfApplied() throws {
        let (host, model) = startedHost(queue: "turn.pair") { PairViewModel() }
        defer { host.stop() }
        let done = Completion<Result<[ViewModelHost.SetResult], HostFailure>>()
        host.set([ViewModelHost.InputSetting(viewModel: "pair", input: "left", .value(.int(1))),
                  ViewModelHost.InputSetting(viewModel: "pair", input: "right", .text("2"))]) { done.fulfil($0) }
        let results = try #require(try done.wait()?.get())
        #expect(results.map(\.value) == [.int(1), .int(2)])
        #expect(Set(results.map(\.version)).count == 1, "one version for the turn")
        // The combination saw the state before and the state after: never "1,0".
        #expect(model.seen.all == ["0,0", "1,2"])

        // One input refused (a value out of its type) refuses the whole set: nothing changes.
        let refused = Completion<Result<[ViewModelHost.SetResult], HostFailure>>()
        host.set([ViewModelHost.InputSetting(viewModel: "pair", input: "left", .value(.int(5))),
                  ViewModelHost.InputSetting(viewModel: "pair", input: "right", .text("many"))]) { refused.fulfil($0) }
        guard case let .failure(failure)? = refused.wait() else { Issue.record("the set was not refused"); return }
        #expect(failure.code == .invalidValue && failure.message.hasSuffix("; nothing was set"), "\(failure.message)")
        #expect(model.left.value == 1 && model.seen.all == ["0,0", "1,2"])
    }

    /// The issue's reproduction against the real daemon: the avatar lookup the restored phone
    /// starts runs after the failure rate is put back, so it does not fail.
    @Test func aRestoreStartsNoWorkBeforeEveryInputIsBack() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        func value(_ vm: String, _ name: String) throws -> JSONValue? {
            try client.request(#"{"op":"get","vm":"\#(vm)","name":"\#(name)"}"#)["value"]
        }
        #expect(try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":0}"#).isOK)
        let past = try #require(try client.request(#"{"op":"set","vm":"login","name":"mobilePhone","value":"13800138000"}"#)["version"]?.intValue)
        #expect(try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":1}"#).isOK)
        #expect(try client.request(#"{"op":"set","vm":"login","name":"mobilePhone","value":"13912345678"}"#).isOK)
        // The lookup of the second phone fails (rate 1); wait for it to be counted.
        #expect(try waitUntil { try value("api", "failures") == .int(1) })
        let requests = try #require(try value("api", "requests")?.intValue)

        let restored = try client.request(#"{"op":"restore","version":\#(past)}"#)
        #expect(restored.isOK, "\(restored)")
        #expect(Set(restored["set"]?.arrayValue?.compactMap(\.stringValue) ?? []) == ["api.failureRate", "login.mobilePhone"])
        // The restored phone's lookup ran (one more request) and found its avatar: it read
        // the restored rate 0, not 1.
        #expect(try waitUntil { try value("api", "requests")?.intValue == requests + 1 })
        #expect(try waitUntil { try value("login", "avatarURL")?.stringValue?.contains("13800138000") == true })
        #expect(try value("api", "failures") == .int(1))

        // Logged as ONE restore event: from the version, what it set and skipped.
        let log = try client.request(#"{"op":"log","n":1}"#)["events"]?.arrayValue ?? []
        let event = try #require(log.first)
        #expect(event["kind"] == .string("restore") && event["from"]?.intValue == past)
        #expect(event["version"]?.intValue == restored["version"]?.intValue)
        #expect(Set(event["set"]?.arrayValue?.compactMap(\.stringValue) ?? []) == ["api.failureRate", "login.mobilePhone"])
        #expect(event["values"]?["api.failureRate"]?.doubleValue == 0)
        #expect(event["secret"]?.arrayValue?.contains(.string("login.verifyCode")) == true)
        #expect(event["skipped"]?.arrayValue?.contains(.string("login.verifyCode")) == true)
        // Its effects are listed once, on it.
        let effects = event["effects"]?.arrayValue ?? []
        #expect(effects.contains { $0["vm"] == .string("api") && $0["name"] == .string("failureRate") })
        #expect(daemon.stop() == 0)
    }

    @Test func theSetOpTakesSeveralInputsAsOneTurnOrNone() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        let reply = try client.request(#"{"op":"set","inputs":[{"vm":"api","name":"latencyMs","value":5},{"vm":"api","name":"failureRate","text":"0.5"}]}"#)
        #expect(reply.isOK && reply["values"]?.arrayValue == [.int(5), .number("0.5")], "\(reply)")
        let version = try #require(reply["version"]?.intValue)
        // One version, one `set` event per input.
        let log = try client.request(#"{"op":"log","n":2}"#)["events"]?.arrayValue ?? []
        #expect(log.map { $0["kind"] } == [.string("set"), .string("set")] && log.allSatisfy { $0["version"]?.intValue == version })
        #expect(log.map { $0["name"] } == [.string("latencyMs"), .string("failureRate")])

        // One unknown name among the pairs: one error, nothing set, no version.
        let refused = try client.request(#"{"op":"set","inputs":[{"vm":"api","name":"latencyMs","value":7},{"vm":"api","name":"failureRat","value":0}]}"#)
        #expect(refused.errorCode == "unknown_input" && refused.errorMessage?.hasSuffix("; nothing was set") == true, "\(refused)")
        #expect(try client.request(#"{"op":"get","vm":"api","name":"latencyMs"}"#)["value"] == .int(5))
        #expect(try client.request(#"{"op":"ping"}"#)["version"]?.intValue == version)
        // Malformed: not an array of objects, an input named twice, both shapes at once.
        #expect(try client.request(#"{"op":"set","inputs":[]}"#).errorCode == "bad_request")
        #expect(try client.request(#"{"op":"set","inputs":[3]}"#).errorCode == "bad_request")
        #expect(try client.request(#"{"op":"set","inputs":[{"vm":"api","name":"latencyMs","value":1},{"vm":"api","name":"latencyMs","value":2}]}"#).errorCode == "bad_request")
        #expect(try client.request(#"{"op":"set","vm":"api","inputs":[{"vm":"api","name":"latencyMs","value":1}]}"#).errorCode == "bad_request")
        #expect(try client.request(#"{"op":"ping"}"#)["version"]?.intValue == version)
        #expect(daemon.stop() == 0)
    }
}
