import BinderyProtocol
import BinderyTestSupport
import Testing

/// How binderyctl attaches: one rule for the start line, STATUS= and the dashboard's note.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct AttachCommandTests {
    @Test func theServiceSocketNeedsSudoAndNoFlag() {
        #expect(AttachCommand(socketPath: "/run/bindery/control.sock", fromSystemd: true).line() == "sudo binderyctl")
        #expect(AttachCommand(socketPath: "/run/other.sock", fromSystemd: true).line() == "sudo binderyctl --socket /run/other.sock")
        #expect(AttachCommand(socketPath: nil, fromSystemd: true).line() == "sudo binderyctl")
        #expect(AttachCommand(socketPath: ".bindery/control.sock", fromSystemd: false).line(program: ".build/debug/binderyctl")
            == ".build/debug/binderyctl --socket .bindery/control.sock")
        #expect(AttachCommand(socketPath: "/run/bindery/control.sock", fromSystemd: true).socketDescription
            == "/run/bindery/control.sock (from systemd)")
    }
}
