import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// A view model whose target uses the SurfaceAccess plugin (bindery-types-daemon's `ticker`),
/// hosted by the real daemon: a `MutableProperty` not declared public or open is shown
/// read-only, as an output, and setting it is refused with one line saying why, changing
/// nothing; public ones (`public private(set) var` too) are inputs.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct NonPublicMemberEndToEndTests {
    @Test func aPrivateMutablePropertyIsReadOnlyAndRefusesSet() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(program: "bindery-types-daemon", directory: directory.path("daemon"), latencyFlag: false)
        let control = try daemon.control()

        let surface = try control.request(#"{"op":"describe","vm":"ticker"}"#)["surface"]
        #expect(surface?["inputs"]?.arrayValue?.map { $0["name"]?.stringValue ?? "" } == ["step", "label"])
        #expect(surface?["outputs"]?.arrayValue?.map { $0["name"]?.stringValue ?? "" } == ["note", "count"])

        let refused = try control.request(#"{"op":"set","vm":"ticker","name":"count","text":"42"}"#)
        #expect(refused.errorMessage
            == "'count' in ticker is not an input: it is declared private, and only a public MutableProperty is settable (inputs: step, label)")
        let internalOne = try control.request(#"{"op":"set","vm":"ticker","name":"note","text":"hi"}"#)
        #expect(internalOne.errorMessage?.hasPrefix("'note' in ticker is not an input: it is declared internal") == true,
                "\(internalOne.serialized)")
        #expect(try control.request(#"{"op":"get","vm":"ticker","name":"count"}"#)["value"] == .number("0"), "a refused set changes nothing")

        #expect(try control.request(#"{"op":"set","vm":"ticker","name":"step","text":"5"}"#).isOK)
        #expect(try control.request(#"{"op":"set","vm":"ticker","name":"label","text":"beats"}"#).isOK)
        #expect(try control.request(#"{"op":"run","vm":"ticker","name":"advance"}"#).isOK)
        #expect(try waitUntil {
            try control.request(#"{"op":"get","vm":"ticker","name":"count"}"#)["value"] == .number("5")
        }, "the view model itself still sets its private state, shown as an output")

        // As a person meets it in binderyctl: `show` lists count among the outputs, and
        // `set` is refused with the daemon's one line.
        let (shown, _) = try binderyctl(["-c", "show ticker"], socket: daemon.socketPath)
        let outputs = try #require(shown.range(of: "OUTPUT"), "\(shown)")
        #expect(shown[outputs.upperBound...].contains("count"), "\(shown)")
        let (printed, status) = try binderyctl(["-c", "set ticker.count 42"], socket: daemon.socketPath)
        #expect(status != 0)
        #expect(printed.contains("'count' in ticker is not an input: it is declared private, and only a public MutableProperty is settable"), "\(printed)")
        #expect(try control.request(#"{"op":"get","vm":"ticker","name":"count"}"#)["value"] == .number("5"))
        #expect(daemon.stop() == 0)
    }

    /// What binderyctl prints (standard output and error) for `arguments`, and its exit status.
    private func binderyctl(_ arguments: [String], socket: String) throws -> (String, Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.path(of: "binderyctl"))
        process.arguments = ["--socket", socket] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (printed, process.terminationStatus)
    }
}
