import Bindery
import BinderyControl
import BinderyHTTP
import BinderyPrimitives
import BinderyProtocol
import BinderySystemd
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// A running Bindery daemon (binderyd, or a program of ``DaemonMain``): the view-model host
/// with its control socket and HTTP endpoint.
///
/// Guarantees: when the initialiser returns, both sockets listen — each inherited from systemd
/// when one of its kind was passed (``SocketAssignment``: the unix stream socket for control,
/// the inet stream socket for HTTP), else bound from the configuration — and `/` serves the
/// dashboard (compiled in, or `--web-dir`, which must hold an `index.html`: else the
/// initialiser throws rather than print a URL that answers 404); ``dashboardURL`` is the
/// address HTTP is really bound to; ``stop()`` stops accepting on both, interrupts running
/// commands, waits for pending saves, lets clients receive their last replies (bounded), and
/// disconnects. With `--publish-url` the change feed is published (``ChangeFeedPublisher``)
/// from the start until ``stop()``.
public final class BinderyDaemon: Sendable {
    /// The hosted view models.
    public let host: ViewModelHost
    /// The control socket server.
    public let control: ControlServer
    /// The HTTP server.
    public let http: HTTPServer
    /// Returns the memory of a burst of connections once it is over.
    private let memoryTrimmer: MemoryTrimmer
    /// The dashboard's URL: the address HTTP is really bound to (`http://0.0.0.0:8420/` when
    /// it listens on every interface).
    public let dashboardURL: String
    /// The address HTTP is bound to (nil for a non-IP socket).
    public let httpAddress: ListenAddress?
    /// The control socket's path, or nil when it was inherited from systemd.
    public let socketPath: String?
    /// How binderyctl attaches to this daemon (its socket, and whether systemd passed it).
    public let attach: AttachCommand
    /// The change feed's publisher (`--publish-url`), or nil.
    public let feedPublisher: ChangeFeedPublisher?

    /// Starts serving `host` (already started) as `configuration` says, as the program called
    /// `program` (in what it logs and what the dashboard shows). Throws a one-line error when a
    /// socket cannot be set up.
    public init(configuration: DaemonConfiguration, host: ViewModelHost, inherited: InheritedSockets, logger: Logger,
                program: String = "binderyd") throws(DaemonSetupError) {
        self.host = host
        let webFiles: any WebFiles
        if let directory = configuration.webDirectory {
            let files: StaticFiles
            do { files = try StaticFiles(directory: directory) } catch { throw DaemonSetupError("--web-dir: \(error)") }
            guard files.hasIndex else { throw DaemonSetupError("--web-dir: \(directory) has no index.html") }
            webFiles = files
        } else {
            webFiles = EmbeddedFiles.dashboard
        }
        let assignment = SocketAssignment(inherited)
        for socket in assignment.unused {
            logger.warning("ignoring socket \(socket.descriptor) (\(socket.name), \(socket.kind)) passed by systemd: "
                + "\(program) uses one unix stream socket (control) and one TCP socket (HTTP)")
        }
        let handler = ControlProtocolHandler(host: host, program: program)
        let budgetLog: @Sendable (String) -> Void = { line in logger.warning(line) }
        do {
            if let socket = assignment.control {
                control = try ControlServer(listener: .socket(socket.descriptor), handler: handler,
                                            outputBudgetBytes: configuration.controlOutputBudgetBytes, log: budgetLog)
                socketPath = nil
                attach = AttachCommand(socketPath: socket.boundPath, fromSystemd: true)
            } else {
                let directory = Self.parentDirectory(of: configuration.socketPath)
                if !directory.isEmpty { Self.makeDirectories(directory) }
                control = try ControlServer(listener: .path(configuration.socketPath, mode: configuration.socketMode), handler: handler,
                                            outputBudgetBytes: configuration.controlOutputBudgetBytes, log: budgetLog)
                socketPath = configuration.socketPath
                attach = AttachCommand(socketPath: configuration.socketPath, fromSystemd: false)
            }
        } catch {
            throw DaemonSetupError(error.description)
        }
        let listener: HTTPServerConfiguration.Listener
        if let socket = assignment.http {
            listener = .socket(socket.descriptor)
        } else {
            listener = .address(host: configuration.httpHost, port: configuration.httpPort)
        }
        // Idle timeout 30 s: above the dashboard's 25 s long-poll, so a polling page keeps its
        // connection; suspended long-polls themselves never time out.
        let httpConfiguration = HTTPServerConfiguration(
            listener: listener, threadCount: 2, connectionLimit: configuration.httpConnections,
            idleTimeoutSeconds: 30, headTimeoutSeconds: 10,
            allowedHostNames: configuration.httpAllowedHosts,
            errorLog: { line in logger.debug("http: \(line)") },
            overloadLog: { line in logger.warning(line) })
        let controlServer = control
        let countsBox = HTTPCountsBox()
        let attachLine = attach.line()
        let routes = DaemonHTTPRoutes(host: host, program: program, webFiles: webFiles, attach: attachLine) {
            host.metrics.render(stateVersion: host.version, controlClients: controlServer.clientCount,
                                httpResponses: countsBox.counts(), values: host.numericValues()) + ProcessMetrics.render(program: program)
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
        if http.connectionLimit < configuration.httpConnections {
            logger.warning("HTTP serves \(http.connectionLimit) connections, not \(configuration.httpConnections): the open-file limit is too low (raise LimitNOFILE= or ulimit -n)")
        }
        httpAddress = http.address
        dashboardURL = http.address?.url ?? "http://\(configuration.httpHost):\(http.port)/"
        if let address = http.address, let warning = NetworkExposure.warning(for: address, surfaces: host.surfaces) {
            logger.warning(warning)
        }
        feedPublisher = configuration.publishURL.map { ChangeFeedPublisher(host: host, url: $0, logger: logger) }
        feedPublisher?.start()
        let server = http
        memoryTrimmer = MemoryTrimmer { server.openConnections }
    }

    /// Stops serving, as described above. Idempotent.
    public func stop() {
        memoryTrimmer.stop()
        feedPublisher?.stop()
        control.stopAccepting()
        host.stop()
        http.stop()
        control.drainAndCloseAll(timeoutMilliseconds: 1_000)
    }

    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Creates the socket's missing parent directories as 0755 whatever the umask (the
    /// daemon's is 077), so `--socket-mode` alone decides who may connect; existing
    /// directories (the private state directory, by default) are left as they are.
    private static func makeDirectories(_ path: String) {
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o755) == 0 { chmod(built, 0o755) }
        }
    }
}

/// Lets the metrics closure read the HTTP server's counters although the server is created
/// after the closure.
///
/// `@unchecked Sendable`: `server` is written once, before the server answers any request
/// (right after `HTTPServer.init` returns — requests arriving earlier see nil and report
/// no counts), guarded by a lock for the memory ordering.
private final class HTTPCountsBox: @unchecked Sendable {
    private let lock = Lock<HTTPServer?>(nil)

    var server: HTTPServer? {
        get { lock.withLock { $0 } }
        set { lock.withLock { $0 = newValue } }
    }

    func counts() -> [Int: UInt64] { server?.responseCounts ?? [:] }
}
