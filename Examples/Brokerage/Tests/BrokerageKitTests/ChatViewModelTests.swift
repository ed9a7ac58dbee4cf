import BrokerageKit
import Foundation
import ReactiveSwift
import Testing

/// The chat alone, on a TestScheduler: the conversation accumulated from what is sent and
/// what arrives, the unread count, the refusal shown in words.
@Suite(.timeLimit(.minutes(1))) struct ChatViewModelTests {
    private func make() -> (ChatViewModel, TestScheduler) {
        let scheduler = TestScheduler()
        let backend = ChatBackend(scheduler: scheduler, latency: 0.2, replyDelay: 1)
        return (ChatViewModel(backend: backend, scheduler: scheduler), scheduler)
    }

    @Test func aSentMessageJoinsTheConversationAndTheBrokersReplyFollows() {
        let (model, scheduler) = make()
        #expect(!model.send.isEnabled.value)
        model.draft.value = "buy msft?"
        model.send.apply().start()
        scheduler.advance(by: 0.2)
        #expect(model.messages.value.map(\.text) == ["buy msft?"])
        #expect(model.draft.value == "")
        #expect(model.unreadCount.value == 0)
        scheduler.advance(by: 1)
        #expect(model.messages.value.map(\.author) == ["me", ChatBackend.broker])
        #expect(model.messages.value.last?.text == "MSFT is one of ours; I will watch it for you")
        #expect(model.unreadCount.value == 1)
    }

    @Test func markReadClearsTheUnreadCountUntilTheNextArrival() {
        let (model, scheduler) = make()
        for text in ["one", "two"] {
            model.draft.value = text
            model.send.apply().start()
            scheduler.advance(by: 0.2)
        }
        scheduler.advance(by: 1)
        #expect(model.unreadCount.value == 2)
        model.markRead.apply().start()
        scheduler.advance(by: 0.2)
        #expect(model.unreadCount.value == 0)
        model.draft.value = "three"
        model.send.apply().start()
        scheduler.advance(by: 1.2)
        #expect(model.unreadCount.value == 1)
        #expect(model.messages.value.count == 6)
    }

    @Test func aMessageTooLongIsRefusedInWordsAndKeptAsADraft() {
        let (model, scheduler) = make()
        var messages: [String] = []
        model.send.errors.observeValues { messages.append($0.localizedDescription) }
        model.draft.value = String(repeating: "x", count: 150)
        model.send.apply().start()
        scheduler.advance(by: 2)
        #expect(messages == ["Messages are at most 140 characters; this one has 150"])
        #expect(model.messages.value.isEmpty)
        #expect(model.draft.value.count == 150)
    }
}
