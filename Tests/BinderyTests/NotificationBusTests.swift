import Bindery
import Testing

@Suite(.timeLimit(.minutes(2))) struct NotificationBusTests {
    @Test func postsReachObserversOfThatNameOnly() {
        let bus = NotificationBus()
        let saved = Recorder<String>()
        let deleted = Counter()
        bus.signal(for: "saved").observeValues { saved.append($0["id"] as? String ?? "?") }
        bus.signal(for: "deleted").observeValues { _ in deleted.increment() }
        bus.post("saved", userInfo: ["id": "42"])
        bus.post("saved", userInfo: ["id": "43"])
        #expect(saved.all == ["42", "43"])
        #expect(deleted.count == 0)
    }

    @Test func postingWithoutObserversIsHarmlessAndNotReplayed() {
        let bus = NotificationBus()
        bus.post("early")
        let seen = Counter()
        bus.signal(for: "early").observeValues { _ in seen.increment() }
        #expect(seen.count == 0)
        bus.post(NotificationBus.Name("early"))
        #expect(seen.count == 1)
    }

    @Test func disposingAnObservationStopsIt() {
        let bus = NotificationBus()
        let seen = Counter()
        let observation = bus.signal(for: "tick").observeValues { _ in seen.increment() }
        bus.post("tick")
        observation?.dispose()
        bus.post("tick")
        #expect(seen.count == 1)
        #expect(NotificationBus.Name("tick").description == "tick")
    }

    @Test func busesAreIndependent() {
        let first = NotificationBus()
        let second = NotificationBus()
        let seen = Counter()
        first.signal(for: "x").observeValues { _ in seen.increment() }
        second.post("x")
        #expect(seen.count == 0)
    }
}
