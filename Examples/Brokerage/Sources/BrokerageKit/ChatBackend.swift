import Foundation
import ReactiveSwift

/// A simulated chat server with a broker at the other end, deterministic: a message is
/// accepted after `latency` seconds of `scheduler`'s time (one over `limit` characters is
/// refused), and the broker answers each accepted message `replyDelay` seconds later on
/// `incoming`, the stream a real server pushes.
public final class ChatBackend: Sendable {
    public static let broker = "broker"
    public static let limit = 140

    /// Messages from the other side, as they arrive.
    public let incoming: Signal<ChatMessage, Never>
    private let deliver: Signal<ChatMessage, Never>.Observer
    let scheduler: any DateScheduler & Sendable
    let latency: TimeInterval
    let replyDelay: TimeInterval

    public init(scheduler: any DateScheduler & Sendable, latency: TimeInterval = 0.2, replyDelay: TimeInterval = 1) {
        (incoming, deliver) = Signal.pipe()
        self.scheduler = scheduler
        self.latency = latency
        self.replyDelay = replyDelay
    }

    /// `text` as sent by `author`, once the server has it; the broker's answer follows on `incoming`.
    public func send(_ text: String, from author: String) -> SignalProducer<ChatMessage, ChatError> {
        let (scheduler, deliver, replyDelay) = (self.scheduler, self.deliver, self.replyDelay)
        let refusal: ChatError? = text.count > Self.limit ? .tooLong(length: text.count, limit: Self.limit) : nil
        return SignalProducer<ChatError?, ChatError>(value: refusal)
            .delay(latency, on: scheduler)
            .attemptMap { refusal in
                if let refusal { return .failure(refusal) }
                let sent = ChatMessage(author: author, text: text, sentAt: scheduler.currentDate)
                scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(replyDelay)) {
                    deliver.send(value: ChatMessage(author: Self.broker, text: Self.reply(to: text), sentAt: scheduler.currentDate))
                }
                return .success(sent)
            }
    }

    /// Tells the server the user has read everything so far.
    public func markRead() -> SignalProducer<Void, Never> {
        SignalProducer(value: ()).delay(latency, on: scheduler)
    }

    /// The broker's answer: a quote for a listed symbol named in the message, an
    /// acknowledgement otherwise.
    static func reply(to text: String) -> String {
        let words = text.uppercased().split { !$0.isLetter }.map(String.init)
        if let symbol = words.first(where: { QuoteFeed.listed[$0] != nil }) {
            return "\(symbol) is one of ours; I will watch it for you"
        }
        return "Noted: \"\(text)\""
    }
}
