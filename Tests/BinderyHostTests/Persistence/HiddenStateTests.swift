import Bindery
import BinderyHost
import BinderyJSON
import BinderyPersistence
import BinderyPrimitives
import BinderySystemd
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// A view model with state the host can restore (a private `Codable` member behind an output),
/// state it cannot (a member whose value is not `Codable`: hidden state), and a cache it must
/// not restore (`transient`).
private final class TallyViewModel: ViewModel, @unchecked Sendable {
    // `@unchecked Sendable`: every member is a thread-safe property or action.
    struct Tally: Hashable { var count = 0 }  // not Codable: cannot be saved

    let step = MutableProperty(1)
    let total: Property<Int>
    let hiddenCount: Property<Int>
    let bump: Action<Void, Int, Never>
    private let restorable = MutableProperty(0)
    private let tally = MutableProperty(Tally())
    private let cache = MutableProperty(0)

    var cached: Int { cache.value }

    init() {
        let (step, restorable, tally, cache) = (step, restorable, tally, cache)
        total = Property(restorable)
        hiddenCount = tally.map(\.count)
        bump = Action { _ in
            SignalProducer { () -> Result<Int, Never> in
                restorable.value += step.value
                tally.modify { $0.count += 1 }
                cache.value += 1
                return .success(restorable.value)
            }
        }
    }

    var surface: Surface {
        Surface(self, name: "tally") {
            $0.hide(\.restorable)
            $0.hide(\.tally)  // a surface cannot carry it; the host still finds it stored
            $0.hide(\.cache)
            $0.transient(\.cache)
        }
    }
}

/// Logged lines, collected.
private final class LogLines: Sendable {
    private let lines = Lock<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func write(_ text: String) { lines.withLock { $0.append(text) } }
}

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct HiddenStateTests {
    private func host(_ directory: TemporaryDirectory, log: LogLines) throws -> (ViewModelHost, TallyViewModel, [String]) {
        let store = try InputStore(stateDirectory: directory.url)
        let scheduler = QueueScheduler(name: "test.hidden-state")
        let model = scheduler.queue.sync { TallyViewModel() }
        let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: store,
                                 logger: Logger(threshold: .warning, format: .journal, write: log.write))
        return (host, model, host.start())
    }

    private func bump(_ host: ViewModelHost) -> RunOutcome? {
        let done = Completion<RunOutcome>()
        host.run(viewModel: "tally", command: "bump", argument: nil, wait: true) { done.fulfil($0) }
        return done.wait()
    }

    private func read(_ host: ViewModelHost, _ name: String) throws -> JSONValue? {
        let done = Completion<Result<ViewModelHost.Reading, HostFailure>>()
        host.read(viewModel: "tally", name: name) { done.fulfil($0) }
        return try JSONParser.parse(try #require(done.wait()).get().json)
    }

    @Test(.timeLimit(.minutes(2)))
    func hiddenStateIsNamedAtStartAndLoggedWhenAnOutputDiffersAfterARestore() throws {
        let directory = try TemporaryDirectory()
        let firstLog = LogLines()
        let (first, _, firstWarnings) = try host(directory, log: firstLog)
        #expect(firstWarnings == ["tally.tally is not restored after a restart: its value is not Codable (make it Codable, or mark it transient)"])
        for _ in 0..<2 { guard case .finished? = bump(first) else { Issue.record("bump failed"); return } }
        #expect(try read(first, "hiddenCount") == .int(2))
        first.stop()

        let log = LogLines()
        let (second, model, _) = try host(directory, log: log)
        #expect(try read(second, "total") == .int(2), "the Codable member behind `total` is restored")
        #expect(try read(second, "bump")?["runs"] == .int(2), "the command's runs are restored")
        #expect(model.cached == 0, "a transient member starts afresh")
        #expect(try read(second, "hiddenCount") == .int(0), "the hidden tally is not")
        // Its next change is compared with what was shown before the restart: 1, not 2.
        guard case .finished? = bump(second) else { Issue.record("bump failed"); return }
        second.scheduler.queue.sync {}
        let warning = log.all.first { $0.contains("tally.hiddenCount") }
        #expect(warning?.contains("tally.hiddenCount was 2 before the restart and is 1 after it: tally holds state the host cannot restore (hidden state") == true,
                "\(log.all)")
        #expect(!log.all.contains { $0.contains("tally.total") }, "a restored output is not reported")
        second.stop()
    }
}
