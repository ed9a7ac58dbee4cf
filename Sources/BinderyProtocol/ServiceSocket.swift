/// Where the installed service's control socket is (`binderyd.socket`'s `ListenStream=`):
/// binderyctl looks there by default, and the daemon leaves `--socket` out of the command it
/// suggests when its socket is that one.
public enum ServiceSocket {
    /// `/run/bindery/control.sock`.
    public static let path = "/run/bindery/control.sock"
}
