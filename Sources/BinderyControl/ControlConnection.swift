import BinderyPrimitives
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// One client of the control socket: reads request lines, hands them to the protocol
/// handler, and writes replies and watch lines without ever blocking a caller.
///
/// Guarantees: replies may be sent from any thread — they are queued and written by the
/// connection's own queue with non-blocking writes. Backpressure: while more than
/// ``replyBacklogBytes`` of replies are unsent, or ``maximumOutstandingRequests`` requests
/// await their reply, the connection reads and handles no further request (the client's
/// own sends then block in its socket buffer); it goes on once the backlog drains. So a
/// client that pipelines requests and never reads costs a bounded amount of memory. A
/// watcher that does not read while more than ``maximumBufferedBytes`` of stream lines are
/// queued is disconnected, and so are the slowest readers when all clients together queue
/// more than the server's ``ControlOutputBudget``. After the client half-closes, replies to
/// requests already received are still sent before the connection closes; `onClose`
/// callbacks run exactly once. A request line left incomplete (bytes without their newline)
/// for more than `partialLineSeconds` while the connection reads is answered one error and
/// the connection closed; the time reading is paused for backpressure does not count, and a
/// connection holding no partial line is never closed for being idle.
final class ControlConnection: ControlSession, @unchecked Sendable {
    // `@unchecked Sendable`: the mutable fields below are touched only on `queue` (a serial
    // queue; every entry point hops onto it), except `closeCallbacks` and `name`, each kept
    // behind a lock.

    /// Output queued beyond this closes the connection (a watcher that does not read).
    static let maximumBufferedBytes = 16 << 20
    /// Unsent reply bytes beyond which no further request is handled until they drain.
    static let replyBacklogBytes = 1 << 20
    /// Requests awaiting their reply beyond which no further request is handled.
    static let maximumOutstandingRequests = 256

    let descriptor: Int32
    private let queue: DispatchQueue
    private let handler: any ControlFrameHandler
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
    /// Frames read but not yet handled (reading stopped for backpressure), from `nextFrame` on.
    private var unhandled: [LineFramer.Frame] = []
    private var nextFrame = 0
    /// True while `handleFrames` runs: a reply it causes must not start another round.
    private var handling = false
    private let queueKey: QueueIdentity
    private let closeCallbacks = Lock<[@Sendable () -> Void]?>([])
    let peer: ControlPeer?
    private let name = Lock<String?>(nil)
    private let budget: ControlOutputBudget
    private let partialLineSeconds: Double
    /// When the partial line held now must be complete; nil while none is held.
    private var partialLineDeadline: DispatchTime?
    /// Whether a check of `partialLineDeadline` is scheduled (at most one is, whatever the
    /// deadline's moves).
    private var partialLineCheckScheduled = false

    init(descriptor: Int32, handler: any ControlFrameHandler, target: DispatchQueue, budget: ControlOutputBudget,
         partialLineSeconds: Double, closed: @escaping @Sendable (ControlConnection) -> Void) {
        self.descriptor = descriptor
        peer = ControlPeer(socket: descriptor)
        self.budget = budget
        self.partialLineSeconds = partialLineSeconds
        self.handler = handler
        self.closed = closed
        queue = DispatchQueue(label: "bindery.control.connection", target: target)
        queueKey = QueueIdentity(queue: queue)
        readSource = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        writeSource = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
    }

    /// Starts reading.
    func start() {
        readSource.setEventHandler { [self] in readAvailable() }
        writeSource.setEventHandler { [self] in writePending() }
        // The descriptor is closed once BOTH sources are cancelled: closing it while one is
        // still registered lets a new connection reuse the number under the old source, and
        // the new connection's reads are then never reported (seen: pipelined requests of a
        // fresh connection never handled).
        readSource.setCancelHandler { [self] in sourceCancelled() }
        writeSource.setCancelHandler { [self] in sourceCancelled() }
        budget.register(ObjectIdentifier(self)) { [weak self] in self?.shutdown() }
        readSource.resume()
    }

    /// Closes the connection from outside (daemon stopping, or over the output budget).
    func shutdown() {
        queue.async { [self] in closeNow() }
    }

    /// Stops reading and closes once everything queued has been written.
    func drainAndClose() {
        queue.async { [self] in
            readClosed = true
            pendingReplies = 0
            unhandled = []
            nextFrame = 0
            closeIfFinished()
        }
    }

    func reply(_ line: [UInt8]) {
        // A reply made while handling a request (on this queue) is queued at once, so the
        // backlog check after each request sees it.
        if queueKey.isCurrent {
            replied(line)
        } else {
            queue.async { [self] in
                replied(line)
                resumeIfDrained()
            }
        }
    }

    private func replied(_ line: [UInt8]) {
        pendingReplies -= 1
        enqueue(line)
        closeIfFinished()
    }

    func stream(_ line: [UInt8]) {
        queue.async { [self] in enqueue(line) }
    }

    var clientName: String? {
        get { name.withLock { $0 } }
        set { name.withLock { $0 = newValue } }
    }

    func onClose(_ cancel: @escaping @Sendable () -> Void) {
        let runNow = closeCallbacks.withLock { callbacks -> Bool in
            guard callbacks != nil else { return true }
            callbacks!.append(cancel)
            return false
        }
        if runNow { cancel() }
    }

    /// Whether replies are backed up: handle no further request until they drain.
    private var isBackedUp: Bool {
        output.count - outputOffset > Self.replyBacklogBytes || pendingReplies >= Self.maximumOutstandingRequests
    }

    /// Handles read frames until none is left or replies back up.
    private func handleFrames() {
        guard !handling else { return }
        handling = true
        defer { handling = false }
        while nextFrame < unhandled.count, !isClosed, !isBackedUp {
            let frame = unhandled[nextFrame]
            nextFrame += 1
            pendingReplies += 1
            switch frame {
            case let .line(line): handler.handle(frame: line, session: self)
            case .tooLarge: handler.handleOversizedFrame(session: self)
            }
        }
        if nextFrame == unhandled.count {
            unhandled.removeAll(keepingCapacity: true)
            nextFrame = 0
        }
    }

    /// After replies drained: handles the frames left over and reads again.
    private func resumeIfDrained() {
        guard !isClosed, !readClosed, !handling, readSuspended, !isBackedUp else { return }
        handleFrames()
        guard nextFrame == 0, unhandled.isEmpty, !isBackedUp else { return }
        readSuspended = false
        readSource.resume()
        // The partial line's time starts again: while reading was paused, the rest of it may
        // have waited in the socket.
        if framer.holdsPartialLine { startPartialLineClock() }
    }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !isClosed {
            handleFrames()
            // Handling a frame can close the connection (its reply met a client that hung
            // up): then the sources are cancelled and nothing more is read.
            guard !isClosed else { return }
            if !unhandled.isEmpty || isBackedUp {
                // Backpressure: stop reading until the replies drain (resumeIfDrained).
                suspendReading()
                return
            }
            let count = retryingInterrupted { buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
            if count > 0 {
                let heldPartialLine = framer.holdsPartialLine
                unhandled = framer.feed(buffer[..<count])
                nextFrame = 0
                if !framer.holdsPartialLine {
                    partialLineDeadline = nil
                } else if !heldPartialLine || buffer[..<count].contains(UInt8(ascii: "\n")) {
                    // A new line began (the one held before ended in these bytes, if any).
                    startPartialLineClock()
                }
            } else if count == 0 {
                readClosed = true
                suspendReading()
                closeIfFinished()
                return
            } else {
                if errno != EAGAIN && errno != EWOULDBLOCK { closeNow() }
                return
            }
        }
    }

    /// Whether the read source is suspended. Invariant: once the connection is closed, neither
    /// source is suspended — `closeNow` resumes what is suspended before cancelling, and
    /// nothing suspends afterwards — because libdispatch ends the process when a suspended
    /// source is released.
    private var readSuspended = false
    private var cancelledSources = 0

    private func suspendReading() {
        guard !readSuspended, !isClosed else { return }
        readSuspended = true
        readSource.suspend()
    }

    /// The partial line held now must be complete within `partialLineSeconds`.
    private func startPartialLineClock() {
        partialLineDeadline = .now() + partialLineSeconds
        schedulePartialLineCheck()
    }

    private func schedulePartialLineCheck() {
        guard !partialLineCheckScheduled, let deadline = partialLineDeadline else { return }
        partialLineCheckScheduled = true
        queue.asyncAfter(deadline: deadline) { [weak self] in self?.checkPartialLine() }
    }

    /// At a deadline: a partial line still held and overdue while reading gets its error and
    /// the connection closes; a deadline moved later is checked again then.
    private func checkPartialLine() {
        partialLineCheckScheduled = false
        guard !isClosed, !readClosed, let deadline = partialLineDeadline else { return }
        // Paused for backpressure: the clock starts again when reading resumes.
        guard !readSuspended else { return }
        guard deadline <= .now() else { return schedulePartialLineCheck() }
        pendingReplies += 1
        handler.handleIncompleteFrame(afterSeconds: partialLineSeconds, session: self)
        // Closed at once, not drained: a client that stalls mid-line may not read either.
        closeNow()
    }

    private func sourceCancelled() {
        cancelledSources += 1
        if cancelledSources == 2 { close(descriptor) }
    }

    private func enqueue(_ line: [UInt8]) {
        guard !isClosed else { return }
        if output.count - outputOffset + line.count > Self.maximumBufferedBytes {
            closeNow()
            return
        }
        output.append(contentsOf: line)
        budget.charge(line.count, to: ObjectIdentifier(self))
        writePending()
    }

    private func writePending() {
        while !isClosed, outputOffset < output.count {
            let written = retryingInterrupted {
                output.withUnsafeBytes { bytes in
                    send(descriptor, bytes.baseAddress! + outputOffset, bytes.count - outputOffset, Int32(MSG_NOSIGNAL))
                }
            }
            if written > 0 {
                outputOffset += written
                budget.release(written, from: ObjectIdentifier(self))
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
        resumeIfDrained()
    }

    private func closeIfFinished() {
        if readClosed, pendingReplies <= 0, outputOffset == output.count { closeNow() }
    }

    private func closeNow() {
        guard !isClosed else { return }
        isClosed = true
        if !writeSourceActive { writeSource.resume() }
        writeSource.cancel()
        if readSuspended {
            readSuspended = false
            readSource.resume()
        }
        readSource.cancel()
        output = []
        budget.remove(ObjectIdentifier(self))
        let callbacks = closeCallbacks.withLock { callbacks in
            defer { callbacks = nil }
            return callbacks ?? []
        }
        for callback in callbacks { callback() }
        closed(self)
    }
}
