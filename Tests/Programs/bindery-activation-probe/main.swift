// A test helper, run by BinderyHostTests under `systemd-socket-activate`: reports the
// sockets it inherited, serves HTTP on the one binderyd would (SocketAssignment) until standard input closes,
// then stops. It exists because socket activation can only be observed in a process that
// starts with the sockets already at descriptors 3, 4, … (as systemd starts it).
import BinderyHTTP
import BinderyHost
import BinderySystemd
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes one line straight to descriptor 1, unbuffered, so the test sees it at once.
func report(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

do {
    let sockets = try SocketActivation.inheritedSockets()
    report("sockets " + sockets.all.map { "\($0.descriptor)=\($0.name)/\($0.kind)" }.joined(separator: ","))
    report("environment-unset \(getenv("LISTEN_FDS") == nil && getenv("LISTEN_PID") == nil)")
    if let http = SocketAssignment(sockets).http {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(listener: .socket(http.descriptor)),
            handler: { request, responder in responder.respond(.text("activated \(request.path)")) })
        report("serving")
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) > 0 {}
        server.stop()
        report("stopped \(server.responseCounts[200] ?? 0)")
    }
} catch {
    report("error \(error)")
    exit(1)
}
