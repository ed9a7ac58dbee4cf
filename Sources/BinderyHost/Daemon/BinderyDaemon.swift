import Glibc
import Synchronization

/// A running binderyd: the view-model host with its control socket and HTTP endpoint.
///
/// Guarantees: when the initialiser returns, both sockets listen (inherited from systemd by
/// `FileDescriptorName=` `control` and `http` when passed, else bound from the
/// configuration); ``stop()`` stops accepting on both, interrupts running commands, waits
/// for pending saves, lets clients receive their last replies (bounded), and disconnects.
public final class BinderyDaemon: Sendable {
    /// The hosted view models.
    public let host: ViewModelHost
    /// The control socket server.
    public let control: ControlServer
    /// The HTTP server.
    public let http: HTTPServer
    /// The dashboard's URL.
    public let dashboardURL: String
    /// The control socket's path, or nil when it was inherited from systemd.
    public let socketPath: String?

    /// Starts serving `host` (already started) as `configuration` says. Throws a one-line
    /// error when a socket cannot be set up.
    public init(configuration: DaemonConfiguration, host: ViewModelHost, inherited: InheritedSockets, logger: Logger) throws(DaemonSetupError) {
        self.host = host
        let handler = ControlProtocolHandler(host: host)
        do {
            if let socket = inherited.named("control"), socket.kind == .unixStream {
                control = try ControlServer(listener: .socket(socket.descriptor), handler: handler)
                socketPath = nil
            } else {
                let directory = Self.parentDirectory(of: configuration.socketPath)
                if !directory.isEmpty { Self.makeDirectories(directory) }
                control = try ControlServer(listener: .path(configuration.socketPath, mode: configuration.socketMode), handler: handler)
                socketPath = configuration.socketPath
            }
        } catch {
            throw DaemonSetupError(error.description)
        }
        var staticFiles: StaticFiles?
        do {
            staticFiles = try StaticFiles(directory: configuration.webDirectory)
        } catch {
            logger.warning("\(error); the dashboard's files are not served (the JSON API is)")
        }
        let listener: HTTPServerConfiguration.Listener
        if let socket = inherited.named("http"), socket.kind == .inetStream {
            listener = .socket(socket.descriptor)
        } else {
            listener = .address(host: configuration.httpHost, port: configuration.httpPort)
        }
        // Idle timeout 30 s: above the dashboard's 25 s long-poll, so a polling page keeps its
        // connection; suspended long-polls themselves never time out.
        let httpConfiguration = HTTPServerConfiguration(
            listener: listener, threadCount: 2, connectionLimit: 1024, idleTimeoutSeconds: 30,
            errorLog: { line in logger.debug("http: \(line)") })
        let controlServer = control
        let countsBox = HTTPCountsBox()
        let routes = DaemonHTTPRoutes(host: host, staticFiles: staticFiles) {
            host.metrics.render(stateVersion: host.version, controlClients: controlServer.clientCount,
                                httpResponses: countsBox.counts())
        }
        do {
            http = try HTTPServer(configuration: httpConfiguration) { request, responder in
                routes.handle(request, responder)
            }
        } catch {
            control.stopAccepting()
            throw DaemonSetupError(error.description)
        }
        countsBox.server = http
        dashboardURL = configuration.dashboardURL(port: http.port)
    }

    /// Stops serving, as described above. Idempotent.
    public func stop() {
        control.stopAccepting()
        host.stop()
        http.stop()
        control.drainAndCloseAll(timeoutMilliseconds: 1_000)
    }

    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private static func makeDirectories(_ path: String) {
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            mkdir(built, 0o755)
        }
    }
}

/// Lets the metrics closure read the HTTP server's counters although the server is created
/// after the closure.
///
/// `@unchecked Sendable`: `server` is written once, before the server answers any request
/// (right after `HTTPServer.init` returns — requests arriving earlier see nil and report
/// no counts), guarded by a Mutex for the memory ordering.
private final class HTTPCountsBox: @unchecked Sendable {
    private let lock = Mutex<HTTPServer?>(nil)

    var server: HTTPServer? {
        get { lock.withLock { $0 } }
        set { lock.withLock { $0 = newValue } }
    }

    func counts() -> [Int: UInt64] { server?.responseCounts ?? [:] }
}
