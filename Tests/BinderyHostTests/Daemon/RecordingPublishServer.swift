import Bindery
import BinderyPrimitives
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// A stand-in for nchan's publisher location in tests: an HTTP/1.1 server on 127.0.0.1 that
/// answers every POST `201 Created` over keep-alive connections and records its path and
/// body. ``close()`` stops it (connections are refused, as when nginx is down) and
/// ``reopen()`` listens again on the same port.
final class RecordingPublishServer: Sendable {
    struct Post: Sendable {
        let path: String
        let body: String
    }

    private let posts = Lock<[Post]>([])
    private let listener = Lock<Int32>(-1)
    private let connections = Lock<Set<Int32>>([])
    let port: UInt16

    init() throws {
        let descriptor = try Self.listen(port: 0)
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        port = UInt16(bigEndian: address.sin_port)
        listener.withLock { $0 = descriptor }
        accept(on: descriptor)
    }

    deinit { close() }

    /// Every POST so far, in order.
    var received: [Post] { posts.withLock { $0 } }

    /// Waits up to 10 s for a POST satisfying `condition`.
    func waitForPost(_ condition: (Post) -> Bool) -> Post? {
        var found: Post?
        _ = waitUntil { found = received.first(where: condition); return found != nil }
        return found
    }

    /// Stops listening and drops every open connection.
    func close() {
        listener.withLock { descriptor in
            if descriptor >= 0 { shutdown(descriptor, Int32(SHUT_RDWR)); Glibc.close(descriptor) }
            descriptor = -1
        }
        connections.withLock { open in
            for connection in open { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    func reopen() throws {
        let descriptor = try Self.listen(port: port)
        listener.withLock { $0 = descriptor }
        accept(on: descriptor)
    }

    private static func listen(port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, Glibc.listen(descriptor, 16) == 0 else {
            Glibc.close(descriptor)
            throw RawHTTPError(description: "cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        return descriptor
    }

    private func accept(on descriptor: Int32) {
        Thread.detachNewThread { [weak self] in
            while true {
                let connection = Glibc.accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                guard let server = self else { Glibc.close(connection); return }
                Thread.detachNewThread { server.serve(connection) }
            }
        }
    }

    /// Reads requests (head, then Content-Length bytes) and answers each until the client closes.
    private func serve(_ connection: Int32) {
        connections.withLock { _ = $0.insert(connection) }
        defer {
            connections.withLock { _ = $0.remove(connection) }
            Glibc.close(connection)
        }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            while let headEnd = Self.find([13, 10, 13, 10], in: buffer) {
                let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
                let length = head.split(separator: "\r\n").compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    return parts.count == 2 && parts[0].lowercased() == "content-length" ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
                }.first ?? 0
                guard buffer.count >= headEnd + 4 + length else { break }
                let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
                let body = String(decoding: buffer[(headEnd + 4)..<(headEnd + 4 + length)], as: UTF8.self)
                buffer.removeFirst(headEnd + 4 + length)
                posts.withLock { $0.append(Post(path: path, body: body)) }
                let answer = Array("HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok".utf8)
                guard answer.withUnsafeBytes({ send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == answer.count else { return }
            }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            buffer += chunk[..<count]
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
