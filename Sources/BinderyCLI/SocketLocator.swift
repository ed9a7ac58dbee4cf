/// Finds the control socket the same way binderyd chooses it, so both agree with no flags.
public enum SocketLocator {
    /// `$BINDERY_SOCKET` if set and non-empty; else `$RUNTIME_DIRECTORY/control.sock` when
    /// systemd gave a runtime directory (the first, if it lists several); else
    /// `./.bindery/control.sock`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let explicit = environment["BINDERY_SOCKET"], !explicit.isEmpty { return explicit }
        if let runtime = environment["RUNTIME_DIRECTORY"], !runtime.isEmpty {
            let first = runtime.split(separator: ":").first.map(String.init) ?? runtime
            return first.hasSuffix("/") ? first + "control.sock" : first + "/control.sock"
        }
        return "./.bindery/control.sock"
    }
}
