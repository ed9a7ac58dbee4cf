import CZlib

/// gzip compression of response bodies (RFC 9110 §8.4.1.3), for clients that accept it.
public enum Gzip {
    /// Bodies smaller than this are sent as they are: compressing them saves less than its
    /// header costs.
    public static let minimumSize = 512

    /// `bytes` as a gzip member (zlib level 6); nil if zlib fails.
    public static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard bindery_deflate_init_gzip(&stream, 6) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
        var input = bytes
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeLast(Int(stream.avail_out))
        return output
    }
}

extension HTTPRequest {
    /// Whether the request's `Accept-Encoding` accepts gzip (RFC 9110 §12.5.3): `gzip` (or
    /// `x-gzip`) listed with a quality above 0, or — only when gzip is not listed — `*` with a
    /// quality above 0. `gzip;q=0` refuses it even beside `*`; a malformed quality refuses.
    public var acceptsGzip: Bool {
        guard let header = header("Accept-Encoding") else { return false }
        var gzip: Bool?
        var any: Bool?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
            guard let coding = parts.first else { continue }
            var accepted = true
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0] == "q" else { continue }
                guard let q = Double(pair[1]), q.isFinite, (0...1).contains(q) else { accepted = false; continue }
                accepted = q > 0
            }
            switch coding {
            case "gzip", "x-gzip": gzip = (gzip ?? false) || accepted
            case "*": any = (any ?? false) || accepted
            default: continue
            }
        }
        return gzip ?? any ?? false
    }
}

extension HTTPResponse {
    /// A 200 whose body is `bytes` labelled `contentType`, gzip-compressed (with
    /// `Content-Encoding: gzip`) when `request` accepts gzip and the body is at least
    /// ``Gzip/minimumSize``; either form carries `Vary: Accept-Encoding` and `headers`.
    public static func compressible(_ bytes: [UInt8], contentType: String, for request: HTTPRequest, headers: [HTTPHeader]) -> HTTPResponse {
        let vary = HTTPHeader("Vary", "Accept-Encoding")
        if request.acceptsGzip, bytes.count >= Gzip.minimumSize, let compressed = Gzip.compress(bytes) {
            return HTTPResponse(contentType: contentType, bytes: compressed, headers: [HTTPHeader("Content-Encoding", "gzip"), vary] + headers)
        }
        return HTTPResponse(contentType: contentType, bytes: bytes, headers: [vary] + headers)
    }
}
