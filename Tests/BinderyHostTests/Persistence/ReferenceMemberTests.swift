import Bindery
import BinderyHost
import BinderyPersistence
import BinderyTestSupport
import Foundation
import Testing

/// A `Codable` class: a copy of a member holding one still shares the object.
private final class Counter: Codable, @unchecked Sendable {
    // `@unchecked Sendable`: only ever touched on the test's scheduler.
    var count = 0
}

/// A struct that looks like a value but holds a class instance.
private struct Wrapped: Codable, @unchecked Sendable {
    // `@unchecked Sendable`: as `Counter`.
    var counter = Counter()
}

/// Values only, Foundation's included (`Data` and `URL` keep class storage behind value
/// semantics).
private struct Plain: Codable, Sendable {
    var name = "plain"
    var data = Data([1, 2, 3])
    var link = URL(string: "https://example.com/")!
    var tags: [String: [Int]] = ["a": [1]]
}

/// Stored members of every kind: the three holding class instances must be refused, the value
/// ones saved.
private final class ReferencesViewModel: ViewModel, @unchecked Sendable {
    // `@unchecked Sendable`: every member is a thread-safe property.
    let step = MutableProperty(1)
    private let counter = MutableProperty(Counter())
    private let wrapped = MutableProperty(Wrapped())
    private let counters = MutableListProperty([Counter()])
    private let plain = MutableProperty(Plain())
    private let plainRows = MutableListProperty([Plain()])

    var surface: Surface {
        Surface(self, name: "refs") {
            $0.hide(\.counter)
            $0.hide(\.wrapped)
            $0.hide(\.counters)
            $0.hide(\.plain)
            $0.hide(\.plainRows)
        }
    }
}

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ReferenceMemberTests {
    @Test func storedMembersHoldingClassInstancesAreRefusedAndNamedAtStart() throws {
        let directory = try TemporaryDirectory()
        let store = try InputStore(stateDirectory: directory.url)
        let scheduler = QueueScheduler(name: "test.reference-members")
        let model = scheduler.queue.sync { ReferencesViewModel() }
        let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: store)
        let warnings = host.start()
        defer { host.stop() }
        let reason = "is not restored after a restart: its value holds a class instance, which the host would read on another thread while it changes (make it a struct, or mark it transient)"
        #expect(warnings == ["refs.counter", "refs.wrapped", "refs.counters"].map { "\($0) \(reason)" })
        let discovered = StoredMember.discover(in: model, surface: model.surface)
        #expect(discovered.members.map(\.name) == ["plain", "plainRows"])
        #expect(discovered.notValues == ["counter", "wrapped", "counters"])
    }
}
