import Dispatch
import Glibc
import Synchronization

/// One client of the control socket: reads request lines, hands them to the protocol
/// handler, and writes replies and watch lines without ever blocking a caller.
///
/// Guarantees: replies may be sent from any thread — they are queued and written by the
/// connection's own queue with non-blocking writes; a client that stops reading while more
/// than ``maximumBufferedBytes`` are queued is disconnected instead of growing memory;
/// after the client half-closes, replies to requests already received are still sent
/// before the connection closes; `onClose` callbacks run exactly once.
final class ControlConnection: ControlSession, @unchecked Sendable {
    // `@unchecked Sendable`: the mutable fields below are touched only on `queue` (a serial
    // queue; every entry point hops onto it), except `closeCallbacks`, kept in a Mutex.

    /// Output queued beyond this closes the connection (a watcher that does not read).
    static let maximumBufferedBytes = 16 << 20

    let descriptor: Int32
    private let queue: DispatchQueue
    private let handler: ControlProtocolHandler
    private let closed: @Sendable (ControlConnection) -> Void
    private let readSource: DispatchSourceRead
    private let writeSource: DispatchSourceWrite
    private var framer = LineFramer()
    private var output: [UInt8] = []
    private var outputOffset = 0
    private var writeSourceActive = false
    private var readClosed = false
    private var isClosed = false
    private var pendingReplies = 0
    private let closeCallbacks = Mutex<[@Sendable () -> Void]?>([])

    init(descriptor: Int32, handler: ControlProtocolHandler, target: DispatchQueue,
         closed: @escaping @Sendable (ControlConnection) -> Void) {
        self.descriptor = descriptor
        self.handler = handler
        self.closed = closed
        queue = DispatchQueue(label: "bindery.control.connection", target: target)
        readSource = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        writeSource = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
    }

    /// Starts reading.
    func start() {
        readSource.setEventHandler { [self] in readAvailable() }
        writeSource.setEventHandler { [self] in writePending() }
        readSource.setCancelHandler { [descriptor] in close(descriptor) }
        readSource.resume()
    }

    /// Closes the connection from outside (daemon stopping).
    func shutdown() {
        queue.async { [self] in closeNow() }
    }

    /// Stops reading and closes once everything queued has been written.
    func drainAndClose() {
        queue.async { [self] in
            readClosed = true
            pendingReplies = 0
            closeIfFinished()
        }
    }

    func reply(_ line: [UInt8]) {
        queue.async { [self] in
            pendingReplies -= 1
            enqueue(line)
            closeIfFinished()
        }
    }

    func stream(_ line: [UInt8]) {
        queue.async { [self] in enqueue(line) }
    }

    func onClose(_ cancel: @escaping @Sendable () -> Void) {
        let runNow = closeCallbacks.withLock { callbacks -> Bool in
            guard callbacks != nil else { return true }
            callbacks!.append(cancel)
            return false
        }
        if runNow { cancel() }
    }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !isClosed {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                for frame in framer.feed(buffer[..<count]) {
                    pendingReplies += 1
                    switch frame {
                    case let .line(line): handler.handle(frame: line, session: self)
                    case .tooLarge: handler.handleOversizedFrame(session: self)
                    }
                }
            } else if count == 0 {
                readClosed = true
                readSource.suspendIfNeeded(&readSuspended)
                closeIfFinished()
                return
            } else {
                if errno == EINTR { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK { closeNow() }
                return
            }
        }
    }

    private var readSuspended = false

    private func enqueue(_ line: [UInt8]) {
        guard !isClosed else { return }
        if output.count - outputOffset + line.count > Self.maximumBufferedBytes {
            closeNow()
            return
        }
        output.append(contentsOf: line)
        writePending()
    }

    private func writePending() {
        while !isClosed, outputOffset < output.count {
            let written = output.withUnsafeBytes { bytes in
                send(descriptor, bytes.baseAddress! + outputOffset, bytes.count - outputOffset, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                outputOffset += written
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                if !writeSourceActive {
                    writeSourceActive = true
                    writeSource.resume()
                }
                return
            } else {
                closeNow()
                return
            }
        }
        guard !isClosed else { return }
        if outputOffset == output.count {
            output.removeAll(keepingCapacity: output.count < 1 << 20)
            outputOffset = 0
            if writeSourceActive {
                writeSourceActive = false
                writeSource.suspend()
            }
            closeIfFinished()
        } else if outputOffset > 1 << 20 {
            output.removeFirst(outputOffset)
            outputOffset = 0
        }
    }

    private func closeIfFinished() {
        if readClosed, pendingReplies <= 0, outputOffset == output.count { closeNow() }
    }

    private func closeNow() {
        guard !isClosed else { return }
        isClosed = true
        if !writeSourceActive { writeSource.resume() }
        writeSource.cancel()
        if readSuspended { readSource.resume() }
        readSource.cancel()
        output = []
        let callbacks = closeCallbacks.withLock { callbacks in
            defer { callbacks = nil }
            return callbacks ?? []
        }
        for callback in callbacks { callback() }
        closed(self)
    }
}

private extension DispatchSourceRead {
    func suspendIfNeeded(_ suspended: inout Bool) {
        guard !suspended else { return }
        suspended = true
        suspend()
    }
}
