#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Creating and inspecting listening TCP sockets.
enum ListeningSocket {
    /// A non-blocking, close-on-exec socket bound to `host`:`port` and listening; throws a
    /// one-line error naming the address and the system's reason.
    static func bind(host: String, port: UInt16) throws(HTTPSetupError) -> Int32 {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else {
            throw HTTPSetupError("cannot listen on \(host):\(port): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(results) }

        var lastError: Int32 = 0
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let descriptor = socket(
                info.pointee.ai_family,
                info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
                info.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastError = errno
                continue
            }
            var on: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0,
               listen(descriptor, SOMAXCONN) == 0 {
                return descriptor
            }
            lastError = errno
            close(descriptor)
        }
        throw HTTPSetupError("cannot listen on \(host):\(port): \(String(cString: strerror(lastError)))")
    }

    /// Checks that `descriptor` is a listening stream socket and makes it non-blocking (the
    /// worker threads race to accept on it).
    static func adopt(_ descriptor: Int32) throws(HTTPSetupError) {
        var accepting: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0 else {
            throw HTTPSetupError("socket \(descriptor) cannot be used for HTTP: \(String(cString: strerror(errno)))")
        }
        guard accepting != 0 else {
            throw HTTPSetupError("socket \(descriptor) cannot be used for HTTP: it is not listening")
        }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw HTTPSetupError("socket \(descriptor) cannot be made non-blocking: \(String(cString: strerror(errno)))")
        }
    }

    /// Raises the soft open-file limit to the hard limit, so a connection limit is not
    /// undercut by EMFILE; returns the soft limit now in force.
    static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        if limit.rlim_cur < limit.rlim_max {
            let raised = rlimit(rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max)
            var wanted = raised
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &wanted) == 0 { limit = raised }
        }
        return limit.rlim_cur >= rlim_t(Int32.max) ? Int(Int32.max) : Int(limit.rlim_cur)
    }
}
