/// Reads one HTTP/1.1 answer from the bytes a client receives (``KeepAliveHTTPClient``): its
/// status, where it ends, and whether the connection may carry the next request.
///
/// Guarantees: ``answer()`` is nil until the whole answer is in — its head and its body as
/// `Content-Length` or chunked transfer coding says (none for 1xx, 204 and 304) — and throws
/// for a head that is not HTTP/1.x or longer than 64 KiB; an answer with neither length
/// runs to the server's close (``finishAtClose()``); `keepAlive` is false when the server
/// said `Connection: close`, spoke HTTP/1.0, or the answer ran to the close.
struct HTTPAnswerReader {
    private var bytes: [UInt8] = []
    private var head: (status: Int, bodyStart: Int, framing: Framing, keepAlive: Bool)?

    private enum Framing {
        case length(Int)
        case chunked
        case untilClose
    }

    mutating func append(_ received: ArraySlice<UInt8>) { bytes += received }

    /// The answer's status and whether the connection may be reused, once it is complete.
    mutating func answer() throws(HTTPClientError) -> (status: Int, keepAlive: Bool)? {
        if head == nil {
            guard let end = Self.find([13, 10, 13, 10], in: bytes, from: 0) else {
                guard bytes.count <= 65_536 else { throw HTTPClientError("the answer's head is longer than 64 KiB") }
                return nil
            }
            head = try Self.parseHead(String(decoding: bytes[..<end], as: UTF8.self), bodyStart: end + 4)
        }
        guard let head else { return nil }
        switch head.framing {
        case let .length(length):
            return bytes.count - head.bodyStart >= length ? (head.status, head.keepAlive) : nil
        case .chunked:
            return try chunkedBodyIsComplete(from: head.bodyStart) ? (head.status, head.keepAlive) : nil
        case .untilClose:
            return nil
        }
    }

    /// The status of an answer that ends at the server's close, or nil if it was cut short.
    func finishAtClose() -> Int? {
        guard let head, case .untilClose = head.framing else { return nil }
        return head.status
    }

    private static func parseHead(_ text: String, bodyStart: Int) throws(HTTPClientError) -> (status: Int, bodyStart: Int, framing: Framing, keepAlive: Bool) {
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.first.map { $0.split(separator: " ", maxSplits: 2) } ?? []
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]), (100...599).contains(status) else {
            throw HTTPClientError("the answer is not HTTP/1.x: '\(lines.first.map { String($0.prefix(80)) } ?? "")'")
        }
        var length: Int?
        var chunked = false
        var keepAlive = statusLine[0] != "HTTP/1.0"
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = ASCII.trimmingWhitespace(line[line.index(after: colon)...]).lowercased()
            switch name {
            case "content-length": length = Int(value)
            case "transfer-encoding": chunked = value.hasSuffix("chunked")
            case "connection":
                if value.contains("close") { keepAlive = false }
                if value.contains("keep-alive") { keepAlive = true }
            default: break
            }
        }
        let framing: Framing
        if status < 200 || status == 204 || status == 304 {
            framing = .length(0)
        } else if chunked {
            framing = .chunked
        } else if let length {
            framing = .length(length)
        } else {
            framing = .untilClose
            keepAlive = false
        }
        return (status, bodyStart, framing, keepAlive)
    }

    /// Whether the chunked body starting at `start` has reached its last (empty) chunk and the
    /// blank line after any trailers.
    private func chunkedBodyIsComplete(from start: Int) throws(HTTPClientError) -> Bool {
        var at = start
        while true {
            guard let lineEnd = Self.find([13, 10], in: bytes, from: at) else { return false }
            let sizeText = String(decoding: bytes[at..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(ASCII.trimmingWhitespace(sizeText), radix: 16), size >= 0 else {
                throw HTTPClientError("the answer's chunked body is malformed")
            }
            // The last chunk's line, any trailers, then a blank line.
            if size == 0 { return Self.find([13, 10, 13, 10], in: bytes, from: lineEnd) != nil }
            at = lineEnd + 2 + size + 2
            guard at <= bytes.count else { return false }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
