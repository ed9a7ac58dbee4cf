import BinderyJSON
import BinderyPrimitives
import BinderyTestSupport
import Foundation
import Synchronization

/// A socket in front of a real daemon's control socket that passes every byte through
/// unchanged and notes the `op` of each request line its clients send, so a test sees what
/// binderyctl asks the daemon. It can withhold the requests of one op (the daemon never sees
/// them: a daemon slow to act on them) or drop the client's connection when one arrives (a
/// daemon gone mid-command). It reads only each request's `op`; every reply is the daemon's.
final class ControlRelay: Sendable {
    /// Where clients connect.
    let path: String
    private let daemonSocket: String
    private let listener: Int32
    private struct State {
        var ops: [String] = []
        var withheld: String?
        var dropsOn: String?
        /// Every descriptor a relayed connection uses, to shut down on `stop()`.
        var descriptors: [Int32] = []
        var stopped = false
    }
    private let state = Mutex(State())

    /// Listens at `path` and relays each client to the daemon listening at `daemonSocket`.
    init(path: String, daemonSocket: String) throws {
        self.path = path
        self.daemonSocket = daemonSocket
        listener = try UnixSocket.listen(at: path)
        // Blocking loops get threads of their own: on a GCD queue, a test process full of
        // blocked work items can starve them until a test times out.
        Thread { [self] in acceptLoop() }.start()
    }

    /// Every request's op, in arrival order (withheld ones too).
    var ops: [String] { state.withLock { $0.ops } }

    /// How many requests of `op` arrived.
    func count(_ op: String) -> Int { ops.filter { $0 == op }.count }

    /// From now on requests of `op` are noted but not passed on.
    func withhold(_ op: String) { state.withLock { $0.withheld = op } }

    /// From now on a request of `op` closes the client's connection instead of reaching the daemon.
    func drop(on op: String) { state.withLock { $0.dropsOn = op } }

    /// Stops listening and closes every relayed connection.
    func stop() {
        // Shut down under the lock: a relay thread closes a descriptor only after removing it
        // under the same lock, so its number cannot have been reused meanwhile.
        state.withLock { state in
            state.stopped = true
            for fd in state.descriptors { shutdown(fd, Int32(SHUT_RDWR)) }
        }
        // Shutting the listener down wakes `acceptLoop`, which closes it.
        shutdown(listener, Int32(SHUT_RDWR))
        unlink(path)
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let client = retryingInterrupted { accept(listener, nil, nil) }
            guard client >= 0 else { return }
            guard let daemon = try? UnixSocket.connect(to: daemonSocket) else { close(client); continue }
            let live = state.withLock { state -> Bool in
                if !state.stopped { state.descriptors += [client, daemon] }
                return !state.stopped
            }
            guard live else { close(client); close(daemon); return }
            Thread { [self] in relayRequests(from: client, to: daemon) }.start()
            Thread { [self] in relayReplies(from: daemon, to: client) }.start()
        }
    }

    /// Client → daemon, a line at a time, noting each op.
    private func relayRequests(from client: Int32, to daemon: Int32) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        reading: while true {
            let n = retryingInterrupted { read(client, &chunk, chunk.count) }
            guard n > 0 else { break }
            buffer += chunk[0..<n]
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[...newline])
                buffer.removeSubrange(...newline)
                let op = (try? JSONParser.parse(Array(line.dropLast())))?["op"]?.stringValue ?? "?"
                let (withheld, drops) = state.withLock { state -> (Bool, Bool) in
                    state.ops.append(op)
                    return (state.withheld == op, state.dropsOn == op)
                }
                if drops { break reading }
                if !withheld { UnixSocket.write(line, to: daemon) }
            }
        }
        finish(client, daemon)
    }

    /// Daemon → client, unchanged.
    private func relayReplies(from daemon: Int32, to client: Int32) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = retryingInterrupted { read(daemon, &chunk, chunk.count) }
            guard n > 0 else { break }
            UnixSocket.write(Array(chunk[0..<n]), to: client)
        }
        finish(client, daemon)
    }

    /// Ends both sides of a relayed connection; the second caller closes the descriptors.
    private func finish(_ client: Int32, _ daemon: Int32) {
        let last = state.withLock { state -> Bool in
            let present = state.descriptors.contains(client)
            if present {
                shutdown(client, Int32(SHUT_RDWR))
                shutdown(daemon, Int32(SHUT_RDWR))
                state.descriptors.removeAll { $0 == client || $0 == daemon }
            }
            return present
        }
        // The first to finish shuts both down (waking the other thread); the descriptors are
        // closed by the second, once neither thread uses them.
        if !last {
            close(client)
            close(daemon)
        }
    }
}
