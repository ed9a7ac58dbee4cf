import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A minimal blocking HTTP/1.1 client over a raw TCP socket, so tests see exactly what the
/// server puts on the wire (no URLSession, no redirects, no header normalisation).
struct RawHTTPError: Error, CustomStringConvertible {
    let description: String
}

/// One parsed response.
struct RawHTTPResponse {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A client connection. Reads time out after `safetyTimeoutSeconds` so a broken server
/// fails a test instead of hanging it; no test asserts on timing.
final class RawHTTPConnection {
    let descriptor: Int32
    /// What `request` sends as `Host` unless given one: the address connected to, which the
    /// daemon's Host check accepts.
    let hostHeader: String
    private var buffer: [UInt8] = []
    static let safetyTimeoutSeconds = 10

    init(port: UInt16, host: String = "127.0.0.1") throws {
        hostHeader = "\(host):\(port)"
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw RawHTTPError(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            // No close here: the object is fully initialised, so deinit closes the descriptor.
            // Closing it twice would close whatever another test opened under the same number.
            throw RawHTTPError(description: "connect: \(String(cString: strerror(errno)))")
        }
        var timeout = timeval(tv_sec: Self.safetyTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        guard UnixSocket.write(bytes, to: descriptor) else {
            throw RawHTTPError(description: "send: \(String(cString: strerror(errno)))")
        }
    }

    /// Sends a request with the given extra header lines (and ``hostHeader`` as `Host` unless
    /// they hold one) and reads the response.
    func request(_ method: String, _ target: String, headers: [String] = []) throws -> RawHTTPResponse {
        var text = "\(method) \(target) HTTP/1.1\r\n"
        if !headers.contains(where: { $0.lowercased().hasPrefix("host:") }) { text += "Host: \(hostHeader)\r\n" }
        for header in headers { text += header + "\r\n" }
        text += "\r\n"
        try send(text)
        return try readResponse(bodyExpected: method != "HEAD")
    }

    func get(_ target: String, headers: [String] = []) throws -> RawHTTPResponse {
        try request("GET", target, headers: headers)
    }

    /// Reads one response: status line, headers, and a Content-Length body.
    func readResponse(bodyExpected: Bool = true) throws -> RawHTTPResponse {
        let headerEnd = try readUntilHeaderEnd()
        let head = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw RawHTTPError(description: "bad status line in \(head)")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        let bodyLength = (bodyExpected && status != 304 && status != 204) ? length : 0
        while buffer.count < bodyLength {
            guard try fill() else { throw RawHTTPError(description: "connection closed inside body") }
        }
        let body = Array(buffer[..<bodyLength])
        buffer.removeFirst(bodyLength)
        return RawHTTPResponse(status: status, headers: headers, body: body)
    }

    /// True when the peer closed the connection (reads end of stream) before sending more.
    func readsEndOfStream() throws -> Bool {
        if !buffer.isEmpty { return false }
        return try !fill()
    }

    private func readUntilHeaderEnd() throws -> Int {
        let marker: [UInt8] = [13, 10, 13, 10]
        while true {
            if buffer.count >= 4 {
                for index in 0...(buffer.count - 4) where buffer[index..<index + 4].elementsEqual(marker) {
                    return index
                }
            }
            guard try fill() else { throw RawHTTPError(description: "connection closed before a response") }
        }
    }

    /// Reads more bytes; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == ECONNRESET { return false }
            throw RawHTTPError(description: "recv: \(String(cString: strerror(errno)))")
        }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }
}
