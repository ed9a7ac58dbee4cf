import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// Request heads the real binderyd must refuse with a status rather than accept or drop:
/// HTTP/1.1 without `Host` or with two, heads around libmicrohttpd's 16 KiB, a refused gzip,
/// a cursor that is not written as versions are.
@Suite(.timeLimit(.minutes(2))) struct RequestHeadTests {
    let directory: TemporaryDirectory
    let daemon: DaemonProcess

    init() throws {
        directory = try TemporaryDirectory()
        daemon = try DaemonProcess(directory: directory.path("d"))
    }

    private func status(_ raw: String) throws -> Int {
        let connection = try daemon.http()
        try connection.send(raw)
        return try connection.readResponse().status
    }

    @Test func hostMustBeThereOnceInHTTP11() throws {
        let host = "127.0.0.1:\(daemon.port)"
        #expect(try status("GET /api/state HTTP/1.1\r\n\r\n") == 400)
        #expect(try status("GET /api/state HTTP/1.1\r\nHost: \(host)\r\nHost: \(host)\r\n\r\n") == 400)
        #expect(try status("GET /api/state HTTP/1.1\r\nHost: \(host)\r\nhost: evil.example\r\n\r\n") == 400)
        // A NUL in a header's name: libmicrohttpd refuses the line.
        #expect(try status("GET /api/state HTTP/1.1\r\nHost: \(host)\r\nX-\u{0}A: b\r\n\r\n") == 400)
        #expect(try status("GET /api/state HTTP/1.1\r\nHost: \(host)\r\n\r\n") == 200)
        // HTTP/1.0 may leave Host out, but then names no host the allow list could admit.
        #expect(try status("GET /api/state HTTP/1.0\r\n\r\n") == 421)
        #expect(try status("GET /api/state HTTP/1.0\r\nHost: \(host)\r\n\r\n") == 200)
    }

    /// Heads from 14 KiB to past libmicrohttpd's 16 KiB connection memory: each is answered
    /// 200 (up to 15 KiB) or 431 — the sizes today's main closed without a status included
    /// (15,924 to 16,195 bytes in the report).
    @Test func largeHeadsGetA431() throws {
        var closed: [Int] = []
        for size in stride(from: 14_336, through: 17_408, by: 32) {
            let base = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(daemon.port)\r\nX-Pad: "
            let head = base + String(repeating: "a", count: size - base.utf8.count - 4) + "\r\n\r\n"
            let connection = try daemon.http()
            try connection.send(head)
            guard let response = try? connection.readResponse() else { closed.append(size); continue }
            // The limit is 15,360 bytes as the server counts them (request line and headers).
            let expected: Set<Int> = size < 15_300 ? [200] : size > 15_420 ? [431] : [200, 431]
            #expect(expected.contains(response.status), "a head of \(size) bytes: \(response.status)")
        }
        // libmicrohttpd 0.9.75 cannot answer a complete head that leaves less than a status
        // line's room in its connection memory; that band is the last ~128 bytes below 16 KiB.
        #expect(closed.allSatisfy { (16_128...16_256).contains($0) }, "closed without a status: \(closed)")
    }

    @Test func gzipRefusedWithQZeroIsNotSent() throws {
        let http = try daemon.http()
        for refusal in ["gzip;q=0", "gzip; q=0", "gzip;q=0.000", "gzip;q=0, *", "*, gzip;q=0", "x-gzip;q=0, *;q=1", "*;q=0", "gzip;q=abc"] {
            let response = try http.get("/api/state", headers: ["Accept-Encoding: \(refusal)"])
            #expect(response.status == 200 && response.header("Content-Encoding") == nil, "\(refusal)")
        }
        for accepted in ["gzip", "gzip;q=0.5", "*", "identity;q=0, gzip"] {
            #expect(try http.get("/api/state", headers: ["Accept-Encoding: \(accepted)"]).header("Content-Encoding") == "gzip", "\(accepted)")
        }
    }

    @Test func sinceMustBeWrittenAsAVersion() throws {
        let http = try daemon.http()
        for bad in ["05", "+5", "00", "5.0", "-1", " 5", "0x5", "18446744073709551616"] {
            for path in ["/api/state", "/api/changes", "/api/events"] {
                let encoded = bad.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? bad
                #expect(try http.get("\(path)?since=\(encoded)").status == 400, "\(path)?since=\(bad)")
            }
        }
        #expect(try http.get("/api/events?since=0").status == 200)
        #expect(try http.get("/api/events?since=5").status == 200)
    }
}
