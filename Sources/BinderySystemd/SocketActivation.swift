import CSystemd
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads the sockets systemd passes on activation (`sd_listen_fds_with_names(3)`).
public enum SocketActivation {
    /// The passed sockets with their `FileDescriptorName=` and kind; empty when
    /// `LISTEN_FDS`/`LISTEN_PID` do not address this process. With `unsetEnvironment`
    /// (the default) the `LISTEN_*` variables are removed so child processes do not
    /// mistake them for their own — call it at startup, before other threads read the
    /// environment. Throws a one-line error when the variables are malformed.
    public static func inheritedSockets(unsetEnvironment: Bool = true) throws(SystemdError) -> InheritedSockets {
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = sd_listen_fds_with_names(unsetEnvironment ? 1 : 0, &names)
        guard count >= 0 else {
            throw SystemdError("socket activation: bad LISTEN_FDS/LISTEN_FDNAMES: \(String(cString: strerror(-count)))")
        }
        defer {
            if let names {
                for index in 0..<Int(count) { free(names[index]) }
                free(names)
            }
        }
        let sockets = (0..<count).map { offset in
            let descriptor = SD_LISTEN_FDS_START + offset
            let name = names?[Int(offset)].map { String(cString: $0) } ?? "unknown"
            return InheritedSocket(descriptor: descriptor, name: name, kind: kind(of: descriptor))
        }
        return InheritedSockets(sockets)
    }

    /// Whether `descriptor` is a listening unix stream socket, a listening inet stream
    /// socket, or something else.
    public static func kind(of descriptor: Int32) -> InheritedSocket.Kind {
        let stream = Int32(SOCK_STREAM.rawValue)
        if sd_is_socket_unix(descriptor, stream, 1, nil, 0) > 0 { return .unixStream }
        if sd_is_socket_inet(descriptor, Int32(AF_UNSPEC), stream, 1, 0) > 0 { return .inetStream }
        return .other
    }
}
