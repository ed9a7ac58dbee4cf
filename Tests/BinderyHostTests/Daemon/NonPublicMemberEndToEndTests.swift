import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// A view model whose target uses the SurfaceAccess plugin (bindery-types-daemon's `ticker`),
/// hosted by the real daemon: a `MutableProperty` not declared public or open is shown
/// read-only, as an output, and setting it is refused with one line saying why, changing
/// nothing; public ones (`public private(set) var` too) are inputs.
@Suite(.timeLimit(.minutes(2))) struct NonPublicMemberEndToEndTests {
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
        #expect(daemon.stop() == 0)
    }
}
