import Bindery
import BinderyControl
import BinderyHost
import BinderyJSON
import Dispatch
import FuzzSupport
import FuzzViewModels
import Synchronization

/// The control protocol on any bytes, as a client's socket delivers them: the line framer
/// (BinderyControl's `LineFramer`, with a small limit so long lines are met too) and every
/// frame it yields answered by the daemon's own `ControlProtocolHandler` over a host of
/// ``TripViewModel`` — parsing the request, its fields, and each op against the view model
/// (set, get, run, watch, log, restore, …). The first byte picks how the bytes are split into
/// reads; at most 16 frames an input are answered.
///
/// Beyond not trapping, it checks that framing does not depend on how the bytes arrive, that
/// a line is never empty, longer than the limit, or holding a newline or a trailing `\r`, and
/// that every frame gets exactly one reply within 10 s: one line of JSON, an object whose `ok`
/// is a boolean, and whose `id` is the request's (null for a frame that is no JSON object).
/// (A second reply to a frame shows as a reply to none when it comes before the last.)
enum ControlFrameFuzz {
    static let maximumFrameLength = 512
    static let maximumFramesAnswered = 16

    /// The host of ``TripViewModel`` and the handler answering for it.
    static let served: (scheduler: QueueScheduler, handler: ControlProtocolHandler) = {
        let scheduler = QueueScheduler(name: "fuzz.trip")
        let model = scheduler.queue.sync { TripViewModel() }
        let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: nil, commandTimeout: 5,
                                 eventLogCapacity: 64, historyBudget: 64 << 10)
        let warnings = host.start()
        precondition(warnings.isEmpty, "the fuzzed host starts with warnings: \(warnings)")
        return (scheduler, ControlProtocolHandler(host: host))
    }()

    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let readSize = 1 + input.choice(64)
        let stream = input.rest()

        var whole = LineFramer(maximumFrameLength: maximumFrameLength)
        let frames = whole.feed(stream)
        var chunked = LineFramer(maximumFrameLength: maximumFrameLength)
        var chunkedFrames: [LineFramer.Frame] = []
        for start in stride(from: 0, to: stream.count, by: readSize) {
            chunkedFrames += chunked.feed(stream[start..<min(start + readSize, stream.count)])
        }
        precondition(chunkedFrames == frames, "frames depend on how the bytes arrive (reads of \(readSize))")
        precondition(chunked.holdsPartialLine == whole.holdsPartialLine, "a partial line depends on how the bytes arrive")
        for case let .line(line) in frames {
            precondition(!line.isEmpty && line.count <= maximumFrameLength, "a line of \(line.count) bytes")
            precondition(!line.contains(UInt8(ascii: "\n")) && line.last != UInt8(ascii: "\r"), "a line keeps its terminator")
        }

        // Sent one after another without waiting, as a client may pipeline them, and handled on
        // the host's queue: the host then does inline what it would queue there (so an input
        // costs one or two thread hops, not one per op, however busy the machine), and answers
        // that wait for the changes' turn to end arrive after the others.
        let session = RecordingSession()
        defer { session.close() }
        let expectedIDs = served.scheduler.queue.sync {
            frames.prefix(maximumFramesAnswered).map { frame -> JSONValue in
                switch frame {
                case let .line(line):
                    served.handler.handle(frame: line, session: session)
                    return ControlRequest.id(inFrame: line)
                case .tooLarge:
                    served.handler.handleOversizedFrame(session: session)
                    return .null
                }
            }
        }
        guard let replies = session.replies(expectedIDs.count, within: 10) else {
            preconditionFailure("\(session.replyCount) replies within 10 s to \(expectedIDs.count) frames: \(frames)")
        }
        var unanswered = expectedIDs.map(\.serialized)
        for reply in replies {
            let id = checkReply(reply)
            guard let index = unanswered.firstIndex(of: id) else {
                preconditionFailure("a reply to no request, or a second one (id \(id)): \(String(decoding: reply, as: UTF8.self))")
            }
            unanswered.remove(at: index)
        }
    }

    /// Checks that `reply` is one line of JSON, an object with a boolean `ok`; returns its `id`, written.
    private static func checkReply(_ reply: [UInt8]) -> String {
        let text = String(decoding: reply, as: UTF8.self)
        precondition(reply.last == UInt8(ascii: "\n") && reply.firstIndex(of: UInt8(ascii: "\n")) == reply.count - 1,
                     "a reply that is not one line: \(text)")
        guard let value = try? JSONParser.parse(Array(reply.dropLast())), value.objectValue != nil else {
            preconditionFailure("a reply that is not a JSON object: \(text)")
        }
        precondition(value["ok"]?.boolValue != nil, "a reply without ok: \(text)")
        return (value["id"] ?? .null).serialized
    }
}

/// A client connection as the handler sees it: keeps the replies (which arrive on the host's
/// queue) for the harness's thread to wait for, and runs the close handlers (ending watches)
/// when the input is done.
private final class RecordingSession: ControlSession {
    private struct State {
        var replies: [[UInt8]] = []
        var closers: [@Sendable () -> Void] = []
        var clientName: String?
    }

    private let state = Mutex(State())
    private let arrived = DispatchSemaphore(value: 0)

    func reply(_ line: [UInt8]) {
        state.withLock { $0.replies.append(line) }
        arrived.signal()
    }

    func stream(_ line: [UInt8]) {}

    let peer: ControlPeer? = ControlPeer(uid: 1000, pid: 4242)

    var clientName: String? {
        get { state.withLock { $0.clientName } }
        set { state.withLock { $0.clientName = newValue } }
    }

    func onClose(_ cancel: @escaping @Sendable () -> Void) {
        state.withLock { $0.closers.append(cancel) }
    }

    var replyCount: Int { state.withLock { $0.replies.count } }

    /// The first `count` replies, waiting up to `seconds` for them; nil when fewer came.
    func replies(_ count: Int, within seconds: Double) -> [[UInt8]]? {
        let deadline = DispatchTime.now() + seconds
        while true {
            if let replies = state.withLock({ $0.replies.count >= count ? Array($0.replies.prefix(count)) : nil }) { return replies }
            if arrived.wait(timeout: deadline) == .timedOut { return nil }
        }
    }

    func close() {
        for cancel in state.withLock({ $0.closers }) { cancel() }
    }
}

/// The harness program (see ``FuzzMain``).
@main enum Harness {
    static func main() {
        FuzzMain.run { data, size in
            ControlFrameFuzz.check(FuzzMain.bytes(data, size))
            return 0
        }
    }
}
