#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import BinderyPrimitives

/// One keep-alive HTTP/1.1 client connection that POSTs to one server: what binderyd's change
/// feed publisher posts each version with. Blocking calls, made by one thread at a time.
///
/// Guarantees: ``post(path:contentType:body:)`` returns the answer's status once its whole
/// answer is read (`Content-Length`, chunked, or up to the server's close), or throws a
/// one-line ``HTTPClientError`` (cannot connect, send or receive; a timeout; an answer that
/// is not HTTP); a connection is reused while the server keeps it open and closed after any
/// failure, so the next call connects afresh; connecting, each send and each receive give up
/// after `timeoutSeconds`.
public final class KeepAliveHTTPClient {
    private let server: HTTPServerAddress
    /// How messages name the server (the URL it was given as).
    private let url: String
    private let timeoutSeconds: Int
    private var descriptor: Int32 = -1

    /// A client of `server`, named `name` in its errors; nothing connects until the first post.
    public init(server: HTTPServerAddress, describedAs name: String, timeoutSeconds: Int = 5) {
        self.server = server
        self.url = name
        self.timeoutSeconds = timeoutSeconds
    }

    deinit { close() }

    /// Closes the connection (the next call connects again).
    public func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// POSTs `body` to `path` and returns the status of the answer.
    public func post(path: String, contentType: String, body: [UInt8]) throws(HTTPClientError) -> Int {
        let head = "POST \(path) HTTP/1.1\r\nHost: \(server.hostHeader)\r\nContent-Type: \(contentType)\r\n"
            + "Content-Length: \(body.count)\r\n\r\n"
        let request = Array(head.utf8) + body
        // A kept-alive connection the server has closed since fails on first use: try once more on a new one.
        let reused = descriptor >= 0
        do {
            return try exchange(request)
        } catch {
            close()
            guard reused else { throw error }
            return try exchange(request)
        }
    }

    private func exchange(_ request: [UInt8]) throws(HTTPClientError) -> Int {
        if descriptor < 0 { descriptor = try connectToServer() }
        try send(request)
        var reader = HTTPAnswerReader()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            if let answer = try reader.answer() {
                if !answer.keepAlive { close() }
                return answer.status
            }
            let count = retryingInterrupted { chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) } }
            if count < 0 { throw HTTPClientError("cannot read the answer from \(url): \(Self.reason(errno))") }
            if count == 0 {
                // The server closed: an answer that runs to the close ends here; anything else is cut short.
                guard let status = reader.finishAtClose() else { throw HTTPClientError("\(url) closed the connection before answering") }
                close()
                return status
            }
            reader.append(chunk[..<count])
        }
    }

    private func send(_ bytes: [UInt8]) throws(HTTPClientError) {
        var offset = 0
        while offset < bytes.count {
            let sent = retryingInterrupted { bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) } }
            guard sent > 0 else { throw HTTPClientError("cannot send to \(url): \(Self.reason(errno))") }
            offset += sent
        }
    }

    private func connectToServer() throws(HTTPClientError) -> Int32 {
        switch server {
        case let .unix(path):
            var address = sockaddr_un()
            guard path.utf8.count < MemoryLayout.size(ofValue: address.sun_path) else {
                throw HTTPClientError("the socket path of \(url) is too long")
            }
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
            }
            return try withUnsafePointer(to: &address) { pointer throws(HTTPClientError) in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(HTTPClientError) -> Int32 in
                    try connected(family: AF_UNIX, address: address, length: socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        case let .tcp(host, port):
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var found: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(port), &hints, &found)
            guard status == 0, let first = found else {
                throw HTTPClientError("cannot resolve \(host) for \(url): \(String(cString: gai_strerror(status)))")
            }
            defer { freeaddrinfo(first) }
            var lastError = HTTPClientError("cannot connect to \(url)")
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let info = entry {
                do {
                    return try connected(family: info.pointee.ai_family, address: info.pointee.ai_addr, length: info.pointee.ai_addrlen)
                } catch {
                    lastError = error
                }
                entry = info.pointee.ai_next
            }
            throw lastError
        }
    }

    /// A blocking socket of `family` connected to `address`, with the timeouts set (on Linux
    /// the send timeout bounds `connect` too).
    private func connected(family: Int32, address: UnsafePointer<sockaddr>, length: socklen_t) throws(HTTPClientError) -> Int32 {
        let socketDescriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketDescriptor >= 0 else { throw HTTPClientError("cannot create a socket for \(url): \(Self.reason(errno))") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if family != AF_UNIX {
            var on: Int32 = 1
            setsockopt(socketDescriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        let result = retryingInterrupted { connect(socketDescriptor, address, length) }
        guard result == 0 else {
            let error = errno
            Glibc.close(socketDescriptor)
            throw HTTPClientError("cannot connect to \(url): \(Self.reason(error))")
        }
        return socketDescriptor
    }

    private static func reason(_ error: Int32) -> String {
        error == EAGAIN || error == EINPROGRESS ? "timed out" : String(cString: strerror(error))
    }
}

/// Why an HTTP request could not be made: one line.
public struct HTTPClientError: Error, CustomStringConvertible {
    /// The explanation.
    public let description: String
    init(_ description: String) { self.description = description }
}
