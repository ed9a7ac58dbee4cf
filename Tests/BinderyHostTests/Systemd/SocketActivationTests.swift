import BinderyHost
import Foundation
import Testing

/// Socket activation needs descriptors 3, 4, … and LISTEN_* variables naming this process,
/// so each test runs in its own process (exit test) and prints what it found.
@Suite struct SocketActivationTests {
    @Test func findsSocketsByNameAndKind() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let path = NSTemporaryDirectory() + "bindery-activation-\(getpid()).sock"
            unlink(path)
            let displaced = ListeningSockets.placeAsInherited([
                ListeningSockets.unixStream(path: path), ListeningSockets.loopbackTCP(), ListeningSockets.udp(),
            ])
            setenv("LISTEN_PID", "\(getpid())", 1)
            setenv("LISTEN_FDS", "3", 1)
            setenv("LISTEN_FDNAMES", "control:http:stats", 1)
            let sockets = try? SocketActivation.inheritedSockets()
            let summary = sockets.map { sockets in
                sockets.all.map { "\($0.descriptor)=\($0.name)/\($0.kind)" }.joined(separator: ",")
                    + " control=\(sockets.named("control")?.descriptor ?? -1)"
                    + " http=\(sockets.named("http")?.kind == .inetStream)"
                    + " missing=\(sockets.named("missing") == nil)"
                    + " unset=\(getenv("LISTEN_FDS") == nil && getenv("LISTEN_FDNAMES") == nil)"
            } ?? "error"
            ListeningSockets.restore(displaced)
            unlink(path)
            print(summary, terminator: "")
        }
        #expect(String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
            == "3=control/unixStream,4=http/inetStream,5=stats/other control=3 http=true missing=true unset=true")
    }

    @Test func servesHTTPOnTheActivatedSocket() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let displaced = ListeningSockets.placeAsInherited([ListeningSockets.loopbackTCP()])
            setenv("LISTEN_PID", "\(getpid())", 1)
            setenv("LISTEN_FDS", "1", 1)
            setenv("LISTEN_FDNAMES", "http", 1)
            var body = "no socket"
            if let http = try? SocketActivation.inheritedSockets().named("http"),
               let server = try? HTTPServer(
                   configuration: HTTPServerConfiguration(listener: .socket(http.descriptor)),
                   handler: { request, responder in responder.respond(.text("activated \(request.path)")) }) {
                body = (try? RawHTTPConnection(port: server.port).get("/healthz").text) ?? "no answer"
                server.stop()
            }
            ListeningSockets.restore(displaced)
            print(body, terminator: "")
        }
        #expect(String(decoding: try #require(result).standardOutputContent, as: UTF8.self) == "activated /healthz")
    }

    @Test func notActivatedMeansNoSockets() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            setenv("LISTEN_PID", "\(getpid() + 1)", 1)
            setenv("LISTEN_FDS", "2", 1)
            let other = (try? SocketActivation.inheritedSockets(unsetEnvironment: false))?.isEmpty
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            let none = (try? SocketActivation.inheritedSockets())?.isEmpty
            print(other == true, none == true, terminator: "")
        }
        #expect(String(decoding: try #require(result).standardOutputContent, as: UTF8.self) == "true true")
    }

    @Test func malformedVariablesAreAnError() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            setenv("LISTEN_PID", "\(getpid())", 1)
            setenv("LISTEN_FDS", "three", 1)
            do {
                _ = try SocketActivation.inheritedSockets()
                print("no error", terminator: "")
            } catch {
                let message = "\(error)"
                print(message.hasPrefix("socket activation:") && !message.contains("\n"), terminator: "")
            }
        }
        #expect(String(decoding: try #require(result).standardOutputContent, as: UTF8.self) == "true")
    }
}
