import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// Clients that pipeline big requests and never read cost the daemon bounded memory: it
/// stops reading a connection whose replies back up (measured on the real daemon's RSS).
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct ReplyBackpressureTests {
    /// Writes as much of `bytes` as the socket takes without blocking; returns the count sent.
    private func sendWithoutBlocking(_ client: ControlClient, _ bytes: [UInt8]) -> Int {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(client.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            guard sent > 0 else { break }
            offset += sent
        }
        return offset
    }

    @Test(.timeLimit(.minutes(2)))
    func tenClientsPipeliningLargeLogsWithoutReadingStayUnder100MB() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        // Fill the event log: 1,000 logged sets, so each `log n=1000` reply is ~100 KB.
        let filler = try daemon.control()
        for chunk in 0..<4 {
            let replies = try filler.pipeline((0..<250).map { #"{"op":"set","vm":"signin","name":"username","value":"user-\#(chunk)-\#($0)-padding-padding"}"# })
            #expect(replies.allSatisfy { $0.isOK })
        }
        let oneReply = try filler.request(#"{"op":"log","n":1000}"#)
        #expect(oneReply["events"]?.arrayValue?.count == 1_000)

        // Each client asks for 40,000 such replies (~4 GB each unbounded; 880 KB of requests, more than the socket buffers hold) and reads none.
        let request = Array(#"{"op":"log","n":1000}"#.utf8) + [UInt8(ascii: "\n")]
        let requests = Array((0..<40_000).map { _ in request }.joined())
        let clients = try (0..<10).map { _ in try daemon.control() }
        var sent = clients.map { _ in 0 }
        var peak = try daemon.residentBytes()
        // Keep pushing until no client's socket takes more: the daemon has stopped reading.
        // Between rounds, wait for a socket to take more (the daemon read from it), not for a
        // fixed time; when none does within a second, every client is stalled.
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline {
            for (index, client) in clients.enumerated() where sent[index] < requests.count {
                sent[index] += sendWithoutBlocking(client, Array(requests[sent[index]...]))
            }
            peak = max(peak, try daemon.residentBytes())
            var writable = clients.indices.filter { sent[$0] < requests.count }
                .map { pollfd(fd: clients[$0].descriptor, events: Int16(POLLOUT), revents: 0) }
            guard !writable.isEmpty, poll(&writable, nfds_t(writable.count), 1_000) > 0 else { break }
        }
        #expect(sent.allSatisfy { $0 < requests.count }, "the daemon read every request: \(sent)")
        // The sanitizers' own memory (AddressSanitizer's quarantine and shadow) is not the daemon's.
        if !underAddressSanitizer {
            #expect(peak < 100 << 20, "peak RSS \(peak >> 20) MB")
        }

        // A backed-up client is still served once it reads.
        let reply = try clients[0].readReply()
        #expect(reply["events"]?.arrayValue?.count == 1_000)
        #expect(try daemon.control().request(#"{"op":"ping"}"#).isOK)
        #expect(daemon.stop() == 0)
    }
}
