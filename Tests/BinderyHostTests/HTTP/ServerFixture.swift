import BinderyHTTP
import BinderyHost

/// Starts an ``HTTPServer`` on an ephemeral loopback port with `handler`; stops it on deinit.
final class ServerFixture {
    let server: HTTPServer

    init(
        connectionLimit: Int = 1024,
        handler: @escaping HTTPServer.Handler
    ) throws {
        server = try HTTPServer(
            configuration: HTTPServerConfiguration(
                listener: .address(host: "127.0.0.1", port: 0),
                connectionLimit: connectionLimit),
            handler: handler)
    }

    var port: UInt16 { server.port }

    func connect() throws -> RawHTTPConnection {
        try RawHTTPConnection(port: port)
    }

    deinit {
        server.stop()
    }
}
