import Foundation
import ReactiveSwift

/// A chat with a broker: the conversation is accumulated from the messages sent and those
/// that arrive, the unread count from what arrives since the last `markRead`.
public final class ChatViewModel: Sendable {
    public let draft = MutableProperty("")

    public let messages: Property<[ChatMessage]>
    public let unreadCount: Property<Int>
    public let send: Action<Void, ChatMessage, ChatError>
    public let markRead: Action<Void, Void, Never>

    /// When the user last read the conversation: the view model's own state, not the user's to set.
    private let lastReadAt = MutableProperty<Date?>(nil)

    public init(backend: ChatBackend, scheduler: DateScheduler, user: String = "me") {
        let draft = self.draft
        send = Action(enabledIf: draft.map { !$0.isEmpty }) {
            backend.send(draft.value, from: user)
        }
        markRead = Action { backend.markRead() }
        draft <~ send.values.map { _ in "" }

        messages = Property(initial: [], then: Signal.merge(send.values, backend.incoming)
            .scan([]) { conversation, message in conversation + [message] })

        enum Unread { case arrived, read }
        unreadCount = Property(initial: 0, then: Signal.merge(
            backend.incoming.map { _ in Unread.arrived },
            markRead.values.map { Unread.read })
            .scan(0) { count, event in event == .read ? 0 : count + 1 })

        lastReadAt <~ markRead.values.map { scheduler.currentDate }
    }
}
