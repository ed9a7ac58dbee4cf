import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct HTTPServerSetupTests {
    @Test func aPortInUseIsAOneLineError() throws {
        let first = try ServerFixture { _, responder in responder.respond(.text("first")) }
        #expect {
            _ = try HTTPServer(
                configuration: HTTPServerConfiguration(listener: .address(host: "127.0.0.1", port: first.port)),
                handler: { _, responder in responder.respond(.notFound) })
        } throws: { error in
            let message = "\(error)"
            return message.contains("127.0.0.1:\(first.port)") && message.contains("in use") && !message.contains("\n")
        }
    }

    @Test func invalidSettingsAreRejected() {
        #expect(throws: HTTPSetupError.self) {
            _ = try HTTPServer(
                configuration: HTTPServerConfiguration(listener: .address(host: "127.0.0.1", port: 0), threadCount: 0),
                handler: { _, responder in responder.respond(.notFound) })
        }
    }

    @Test func servesOnAnAdoptedListeningSocket() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(listen(descriptor, 16) == 0)
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(listener: .socket(descriptor)),
            handler: { _, responder in responder.respond(.text("adopted")) })
        defer { server.stop() }
        #expect(server.port != 0)
        #expect(try RawHTTPConnection(port: server.port).get("/").text == "adopted")
    }

    @Test func aSocketThatIsNotListeningIsRefused() {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        #expect(throws: HTTPSetupError.self) {
            _ = try HTTPServer(
                configuration: HTTPServerConfiguration(listener: .socket(descriptor)),
                handler: { _, responder in responder.respond(.notFound) })
        }
    }

    @Test func stopIsIdempotentAndRefusesNewConnections() throws {
        let token = "server-\(UInt64.random(in: 0...UInt64.max))"
        let fixture = try ServerFixture { _, responder in responder.respond(.text(token)) }
        let port = fixture.port
        #expect(try RawHTTPConnection(port: port).get("/").body == Array(token.utf8))
        fixture.server.stop()
        fixture.server.stop()
        // Tests run in parallel, so another test's server may already have been given the freed
        // port: then the connection succeeds, but it must not reach this server.
        if let connection = try? RawHTTPConnection(port: port) {
            let answer = try? connection.get("/")
            #expect(answer?.body != Array(token.utf8))
        }
    }
}
