import BinderyControl
import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// Strings are stored as sent (issue 22, items 7 and 8), against the real daemon: a value is
/// compared by its Unicode scalars, never by canonical equivalence, wherever the daemon decides
/// whether it changed; length limits count Unicode scalars, so one letter with half a million
/// combining marks is refused, and every reply stays small.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct StringsAsSentTests {
    /// "café" written with a combining acute accent (U+0065 U+0301) and precomposed (U+00E9):
    /// canonically equivalent, so Swift's `==` calls them equal.
    static let decomposed = "cafe\u{301}"
    static let precomposed = "caf\u{E9}"

    /// A JSON request setting `vm`.`name` to the string `value` (sent as raw UTF-8: no escape
    /// may normalize it on the way).
    private func set(_ vm: String, _ name: String, _ value: String) -> String {
        #"{"op":"set","vm":""# + vm + #"","name":""# + name + #"","value":""# + value + #""}"#
    }

    /// The UTF-8 bytes of the string `vm`.`name` holds, as `get` returns it.
    private func bytes(_ client: ControlClient, _ vm: String, _ name: String) throws -> [UInt8]? {
        let reply = try client.request(#"{"op":"get","vm":""# + vm + #"","name":""# + name + #""}"#)
        return reply["value"]?.stringValue.map { Array($0.utf8) }
    }

    @Test(.timeLimit(.minutes(2)))
    func aCanonicallyEqualSpellingIsStoredAndComesBackAfterARestart() throws {
        #expect(Self.decomposed == Self.precomposed, "the premise: Swift's == is canonical equivalence")
        let directory = try TemporaryDirectory()
        var daemon = try DaemonProcess(directory: directory.path("d"))
        var client = try daemon.control()
        let first = try client.request(set("signin", "username", Self.decomposed))
        let second = try client.request(set("signin", "username", Self.precomposed))
        #expect(first.isOK && second.isOK)
        #expect(second["value"]?.stringValue.map { Array($0.utf8) } == Array(Self.precomposed.utf8), "acknowledged as sent")
        #expect((second["version"]?.intValue ?? 0) > (first["version"]?.intValue ?? 0), "the second spelling is a change")
        #expect(try bytes(client, "signin", "username") == Array(Self.precomposed.utf8))

        for signal in [SIGTERM, SIGKILL] {
            daemon.stop(signal: signal)
            daemon = try DaemonProcess(directory: directory.path("d"))
            client = try daemon.control()
            #expect(try bytes(client, "signin", "username") == Array(Self.precomposed.utf8), "after signal \(signal)")
        }
        #expect(daemon.stop() == 0)
    }

    @Test(.timeLimit(.minutes(2)))
    func compassPropagatesAnAngstromSignAfterARingedA() throws {
        let ringedA = "\u{C5}", angstrom = "\u{212B}"  // canonically equivalent
        let directory = try TemporaryDirectory()
        var daemon = try DaemonProcess(directory: directory.path("d"))
        var client = try daemon.control()
        #expect(try client.request(set("compass", "valueA", ringedA)).isOK)
        #expect(try bytes(client, "compass", "valueB") == Array(ringedA.utf8))
        #expect(try client.request(set("compass", "valueA", angstrom)).isOK)
        #expect(try bytes(client, "compass", "valueA") == Array(angstrom.utf8))
        #expect(try bytes(client, "compass", "valueB") == Array(angstrom.utf8), "B follows A's new spelling")
        let shown = try JSONParser.parse(daemon.http().get("/api/state").body)["viewModels"]?["compass"]?["inputs"]
        #expect(shown?["valueB"]?.stringValue.map { Array($0.utf8) } == Array(angstrom.utf8))

        daemon.stop(signal: SIGKILL)
        daemon = try DaemonProcess(directory: directory.path("d"))
        client = try daemon.control()
        #expect(try bytes(client, "compass", "valueA") == Array(angstrom.utf8))
        #expect(try bytes(client, "compass", "valueB") == Array(angstrom.utf8))
        #expect(daemon.stop() == 0)
    }

    /// One letter and 500,000 combining marks: one grapheme cluster, 1 MB of UTF-8.
    static let megabyteLetter = "a" + String(repeating: "\u{301}", count: 500_000)

    @Test(.timeLimit(.minutes(2)))
    func aMegabyteOfCombiningMarksIsRefusedWithAShortLine() throws {
        #expect(Self.megabyteLetter.count == 1, "the premise: one Character")
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        for (vm, name, limit) in [("login", "mobilePhone", 64), ("signin", "username", 256), ("compass", "valueA", 256)] {
            let reply = try client.request(set(vm, name, Self.megabyteLetter))
            #expect(reply.errorCode == "invalid_value", "\(vm).\(name): \(reply.serialized.prefix(200))")
            let message = reply.errorMessage ?? ""
            #expect(message.utf8.count < 200 && !message.contains("\n"), "\(message.prefix(300))")
            // By scalars: `hasPrefix` compares Characters, and the excerpt's first is "a" + 39 marks.
            let expected = "\(vm).\(name) expects a string at most \(limit) characters, got \"a\u{301}"
            #expect(message.unicodeScalars.starts(with: expected.unicodeScalars), "\(message.prefix(300))")
            #expect(message.hasSuffix("…\" (500,001 characters)"), "\(message.prefix(300))")
            #expect(try bytes(client, vm, name) == [], "a refused set changes nothing")
        }
        // At the limit, counted in scalars: 64 scalars pass, 65 do not, however they cluster.
        let atLimit = "a" + String(repeating: "\u{301}", count: 63)
        #expect(try client.request(set("login", "mobilePhone", atLimit)).isOK)
        #expect(try client.request(set("login", "mobilePhone", atLimit + "\u{301}")).errorCode == "invalid_value")
        #expect(try bytes(client, "login", "mobilePhone") == Array(atLimit.utf8))
        #expect(daemon.stop() == 0)
    }

    /// The largest value each input admits, in the costliest spelling for JSON (control
    /// characters, six bytes each as `\u00XX`), set again and again: `log n=20`, `log n=1000`
    /// and `/api/events` answer, and each event stays within what its limit allows.
    @Test(.timeLimit(.minutes(2)))
    func logAndEventsStaySmallWhenValuesAreAsLargeAsAdmitted() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        let widest = String(repeating: "\\u0001", count: 256)  // 256 scalars, escaped in the request
        var requests: [String] = []
        for round in 0..<25 {
            requests.append(set("signin", "username", widest))
            requests.append(set("signin", "username", String(repeating: "\\u0002", count: 256)))
            requests.append(set("compass", "valueA", String(repeating: "\\u0003", count: 255) + "\(round % 10)"))
            requests.append(set("login", "mobilePhone", Self.megabyteLetter))  // refused: never logged
        }
        for request in requests {
            let reply = try client.request(request)
            #expect(reply.isOK || reply.errorCode == "invalid_value")
        }
        // 256 scalars × 6 bytes, plus the envelope (version, time, kind, vm, name).
        let eventBound = 256 * 6 + 300
        for n in [20, 1_000] {
            try client.send(line: #"{"id":"log","op":"log","n":"# + "\(n)}")
            let line = try readLine(client)
            let events = try JSONParser.parse(line)["events"]?.arrayValue ?? []
            #expect(n == 20 ? events.count == 20 : events.count >= 75, "log n=\(n): \(events.count) events")
            #expect(line.count < events.count * eventBound, "log n=\(n): \(line.count) bytes for \(events.count) events")
            #expect(line.count < LineFramer.defaultMaximumFrameLength)
        }
        let body = try daemon.http().get("/api/events").body
        let events = try JSONParser.parse(body)["events"]?.arrayValue ?? []
        #expect(events.count >= 75)
        #expect(body.count < events.count * eventBound, "/api/events: \(body.count) bytes for \(events.count) events")
        #expect(daemon.stop() == 0)
    }

    /// The next raw reply line (without its newline); nothing else may be in flight.
    private func readLine(_ client: ControlClient) throws -> [UInt8] {
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while line.last != UInt8(ascii: "\n") {
            let count = chunk.withUnsafeMutableBytes { recv(client.descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw DaemonTestError(description: "control connection closed or timed out after \(line.count) bytes") }
            line += chunk[..<count]
        }
        return Array(line.dropLast())
    }
}
