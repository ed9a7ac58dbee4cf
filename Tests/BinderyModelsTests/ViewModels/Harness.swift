import Bindery
import BinderyModels
import BinderyPrimitives
import Foundation
import Synchronization
import Testing

/// A host for tests: the standard view models over an in-memory store, with one
/// `TestScheduler` as both the view-model and the API scheduler. Everything is driven through
/// the surfaces, by name and from text, the way the REPL drives them.
final class Harness: Sendable {
    let scheduler = TestScheduler()
    let store: Store
    let context: ModelContext
    let viewModels: [any ViewModel]

    /// `latencyMs` and `failureRate` are set through the api view model's surface; `random`
    /// decides which requests fail (a request fails when it returns less than the rate).
    init(latencyMs: Int = 0, failureRate: Double = 0,
         random: @escaping @Sendable () -> Double = { 0.5 }) throws {
        store = try Store(directory: nil)
        context = ModelContext(store: store, scheduler: scheduler, backgroundScheduler: scheduler,
                               random: random)
        viewModels = StandardViewModels.make(in: context)
        try set("api", "latencyMs", String(latencyMs))
        try set("api", "failureRate", String(failureRate))
    }

    func surface(_ name: String) -> Surface {
        guard let viewModel = viewModels.first(where: { $0.surface.name == name }) else {
            fatalError("no view model \(name)")
        }
        return viewModel.surface
    }

    func viewModel<T>(_ type: T.Type) -> T {
        viewModels.compactMap { $0 as? T }.first!
    }

    /// `set vm.input text`, as the REPL does it: parse, then set.
    func set(_ vm: String, _ input: String, _ text: String) throws(SurfaceError) {
        let input = try surface(vm).input(named: input)
        try input.set(try input.parse(text, viewModel: vm), viewModel: vm)
    }

    /// `get vm.output`.
    func get(_ vm: String, _ output: String) throws(SurfaceError) -> SurfaceValue {
        try surface(vm).output(named: output).value
    }

    /// The current value of `vm.input`.
    func input(_ vm: String, _ input: String) throws(SurfaceError) -> SurfaceValue {
        try surface(vm).input(named: input).value
    }

    /// `run vm.command [argument]`: validated, then started; the run is recorded.
    @discardableResult
    func run(_ vm: String, _ command: String, _ argument: SurfaceValue? = nil) throws(SurfaceError) -> RunRecord {
        let command = try surface(vm).command(named: command)
        let validated = try command.validate(argument: argument, viewModel: vm)
        let record = RunRecord()
        record.disposable = command.run(validated).start(record.observer)
        return record
    }

    func isExecuting(_ vm: String, _ command: String) throws(SurfaceError) -> Bool {
        try surface(vm).command(named: command).isExecuting.value
    }

    func isEnabled(_ vm: String, _ command: String) throws(SurfaceError) -> Bool {
        try surface(vm).command(named: command).isEnabled.value
    }

    /// Runs whatever is due now (latency 0 requests and their deliveries).
    func settle() { scheduler.advance() }

    /// Moves virtual time on by `seconds`.
    func advance(_ seconds: TimeInterval) { scheduler.advance(by: seconds) }

    var requests: Int { (try? get("api", "requests")).flatMap { if case let .int(i) = $0 { i } else { nil } } ?? -1 }
    var failures: Int { (try? get("api", "failures")).flatMap { if case let .int(i) = $0 { i } else { nil } } ?? -1 }
}

/// What one run of a command delivered: its values, and how it ended.
final class RunRecord: @unchecked Sendable {
    // `@unchecked`: `state` is behind a lock; `disposable` is set once, right after start, by the
    // test thread that later reads it.
    enum Ending: Equatable, Sendable {
        case completed
        case failed(String)
        case disabled
        case interrupted
    }

    private let state = Lock<(values: [SurfaceValue], ending: Ending?)>(([], nil))
    var disposable: Disposable?

    var observer: Signal<SurfaceValue, ActionError<SurfaceError>>.Observer {
        Signal<SurfaceValue, ActionError<SurfaceError>>.Observer { [self] event in
            self.state.withLock { state in
                switch event {
                case let .value(value): state.values.append(value)
                case .completed: state.ending = .completed
                case .interrupted: state.ending = .interrupted
                case let .failed(error):
                    switch error {
                    case .disabled: state.ending = .disabled
                    case let .producerFailed(error): state.ending = .failed(error.message)
                    }
                }
            }
        }
    }

    var values: [SurfaceValue] { state.withLock { $0.values } }
    var ending: Ending? { state.withLock { $0.ending } }
    /// The one value of a run that completed, else nil.
    var value: SurfaceValue? {
        state.withLock { $0.ending == .completed && $0.values.count == 1 ? $0.values[0] : nil }
    }
    var errorMessage: String? {
        if case let .failed(message) = ending { return message }
        return nil
    }
}

/// Collects every value a producer sends (for counting updates).
final class ValueLog<Value: Sendable>: Sendable {
    private let values = Lock<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
    var count: Int { values.withLock { $0.count } }
}

extension SurfaceValue {
    var listCount: Int? { if case let .list(items) = self { items.count } else { nil } }
    var items: [SurfaceValue] { if case let .list(items) = self { items } else { [] } }
    subscript(field: String) -> SurfaceValue? { if case let .record(record) = self { record[field] } else { nil } }
}
