import BinderyProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finds binderyd's control socket when no `--socket` is given.
///
/// Order: `--socket`, then `$BINDERY_SOCKET` (either one is used as given, never second-
/// guessed); else the first of ``searchPath`` that accepts a connection: `./.bindery/control.sock`
/// (where `make run` puts it in a checkout), then `/run/bindery/control.sock` (the installed
/// service's `binderyd.socket`).
public enum SocketLocator {
    /// The development default, relative to the current directory.
    public static let checkoutPath = "./.bindery/control.sock"
    /// The socket of the installed service (`binderyd.socket`).
    public static let servicePath = ServiceSocket.path
    /// Where binderyctl looks, in order, when neither `--socket` nor `$BINDERY_SOCKET` is set.
    public static let searchPath = [checkoutPath, servicePath]

    /// One socket binderyctl tried and why it failed.
    public struct Attempt: Sendable, Equatable {
        public let path: String
        public let reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Where to connect, or every socket tried when none answered.
    public enum Location: Sendable, Equatable {
        /// Connect here (explicit, or a searched socket that accepted a connection).
        case path(String)
        /// Nothing explicit, and no socket of the search path accepted a connection.
        case unreachable([Attempt])
    }

    /// The socket to use: `explicit` (from `--socket`), else `$BINDERY_SOCKET` when set and
    /// non-empty, else the first of ``searchPath`` for which `probe` returns nil (it returns
    /// the reason a path cannot be connected to).
    public static func locate(explicit: String?, environment: [String: String],
                              probe: (String) -> String? = DaemonConnection.unreachableReason) -> Location {
        if let explicit { return .path(explicit) }
        if let variable = environment["BINDERY_SOCKET"], !variable.isEmpty { return .path(variable) }
        var attempts: [Attempt] = []
        for path in searchPath {
            guard let reason = probe(path) else { return .path(path) }
            attempts.append(Attempt(path: path, reason: reason))
        }
        return .unreachable(attempts)
    }

    /// The command that starts binderyd listening at `path` (to follow "start it with"):
    /// `systemctl` for the service's socket, `make run` for a checkout's, `--socket` otherwise.
    public static func howToStart(listeningAt path: String) -> String {
        switch path {
        case servicePath:
            return "`systemctl start binderyd.socket` (the installed service)"
        case checkoutPath, ".bindery/control.sock":
            return "`make run` (in a Bindery checkout)"
        default:
            return "`binderyd --socket \(path)`"
        }
    }

    /// What to do about failing to connect to `path` for `reason`: with "Permission denied"
    /// the daemon is there but the socket is not for this user (the service's is root's only),
    /// otherwise how to start it (``howToStart(listeningAt:)``).
    public static func advice(path: String, reason: String) -> String {
        if reason == permissionDenied {
            return "run binderyctl as the socket's owner (for the service: sudo binderyctl)"
        }
        return "start it with \(howToStart(listeningAt: path))"
    }

    /// The error for an unsuccessful search: what was tried, why each failed, what to do at
    /// each place, and how to point binderyctl elsewhere. One line. With `serviceInstalled`
    /// (a packaged host), a checkout's socket that does not exist gets no advice: `make run`
    /// means nothing there, the service is what to reach.
    public static func unreachableMessage(_ attempts: [Attempt], serviceInstalled: Bool = SocketLocator.serviceInstalled) -> String {
        let tried = attempts.map { "\($0.path) (\($0.reason))" }.joined(separator: ", ")
        let relevant = attempts.filter { !(serviceInstalled && $0.path == checkoutPath && $0.reason == noSuchFile) }
        let steps = (relevant.isEmpty ? attempts : relevant).map { advice(path: $0.path, reason: $0.reason) }.joined(separator: "; or ")
        return "cannot find binderyd: tried \(tried). To fix it, \(steps). "
            + "Elsewhere, pass --socket PATH or set BINDERY_SOCKET."
    }

    /// strerror(EACCES), as the reasons carry it.
    static let permissionDenied = "Permission denied"
    /// strerror(ENOENT), as the reasons carry it.
    static let noSuchFile = "No such file or directory"

    /// Where systemd reads units from: the package's, `make install`'s and the operator's.
    static let unitDirectories = ["/lib/systemd/system", "/usr/lib/systemd/system", "/usr/local/lib/systemd/system", "/etc/systemd/system"]

    /// Whether the service's `binderyd.socket` unit is installed on this machine (a packaged
    /// or `make install`ed host).
    public static var serviceInstalled: Bool {
        unitDirectories.contains { access($0 + "/binderyd.socket", F_OK) == 0 }
    }
}
