import BinderyPrimitives
import Synchronization

/// The inner streams of one flatten run.
///
/// Starting a waiting inner stream when a running one completes is done by one thread at a
/// time, in a loop (`draining`): an inner stream that completes while it is being started
/// only records the free slot, and the loop starts the next one. So any number of inner
/// streams that complete at once run iteratively, in constant stack depth.
private final class Flattener<Value, Error: Swift.Error>: @unchecked Sendable {
    // `@unchecked`: every var is only touched under `mutex`; `output` serialises delivery.
    typealias Inner = SignalProducer<Value, Error>
    private let mutex = Lock(())
    private let kind: FlattenStrategy.Kind
    private let output: Signal<Value, Error>.Observer
    private let runs = CompositeDisposable()
    private var outerCompleted = false
    private var running = 0
    /// Inner streams waiting for a slot (`concurrent`), first at `waitingHead`.
    private var waiting: [Inner] = []
    private var waitingHead = 0
    /// A thread is starting waiting inner streams.
    private var draining = false
    /// Disposables of the running inner streams, by id (for `latest` and `race`).
    private var active: [Int: (run: Disposable, handle: Disposable?)] = [:]
    private var nextID = 0
    /// `latest`: the newest inner stream. `race`: the winner, once one has sent an event.
    private var chosen: Int?

    init(_ strategy: FlattenStrategy, output: Signal<Value, Error>.Observer, lifetime: Lifetime) {
        kind = strategy.kind
        self.output = output
        lifetime.attach(runs)
    }

    private var limit: Int {
        if case let .concurrent(limit) = kind { return limit >= UInt(Int.max) ? Int.max : Int(limit) }
        return Int.max
    }

    private var hasWaiting: Bool { waitingHead < waiting.count }

    private func takeWaiting() -> Inner {
        let inner = waiting[waitingHead]
        waitingHead += 1
        if waitingHead == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            waitingHead = 0
        } else if waitingHead >= 1024, waitingHead * 2 >= waiting.count {
            waiting.removeFirst(waitingHead)
            waitingHead = 0
        }
        return inner
    }

    func outer(_ event: __owned Signal<Inner, Error>.Event) {
        switch event {
        case let .value(inner): add(inner)
        case let .failed(error): output.send(error: error)
        case .interrupted: output.sendInterrupted()
        case .completed:
            let done = mutex.withLock { _ -> Bool in
                outerCompleted = true
                return running == 0 && !hasWaiting && !draining
            }
            if done { output.sendCompleted() }
        }
    }

    private func add(_ inner: Inner) {
        let id = mutex.withLock { _ -> Int? in
            nextID += 1
            switch kind {
            case .concurrent:
                guard running < limit, !hasWaiting, !draining else {
                    waiting.append(inner)
                    return nil
                }
                running += 1
            case .latest:
                chosen = nextID
                running = 1
            case .race:
                guard chosen == nil else { return nil }
                running += 1
            case .throttle:
                guard running == 0 else { return nil }
                running = 1
            }
            return nextID
        }
        guard let id else { return }
        start(inner, id: id)
    }

    private func start(_ inner: Inner, id: Int) {
        let slot = SerialDisposable()
        // The flattened run has ended (its observer completed, or it was disposed, possibly
        // from inside the inner stream that just finished): a waiting inner stream is never
        // started then, so it has no side effects (as in ReactiveSwift).
        guard let handle = runs.add(slot) else { return }
        let previous = mutex.withLock { _ -> [(run: Disposable, handle: Disposable?)] in
            switch kind {
            case .latest:
                defer { active = [id: (slot, handle)] }
                return Array(active.values)
            case .race:
                if chosen == nil { active[id] = (slot, handle) }
                return []
            case .concurrent, .throttle:
                return []
            }
        }
        for replaced in previous {
            replaced.handle?.dispose()
            replaced.run.dispose()
        }
        slot.inner = inner.start { [self] event in
            guard forwards(id, event) else { return }
            switch event {
            case let .value(value): output.send(value: value)
            case let .failed(error): output.send(error: error)
            case .interrupted:
                // As in ReactiveSwift: `merge`, `concat` and `latest` treat an interrupted inner
                // stream as completed; `race` and `throttle` pass the interruption on.
                switch kind {
                case .concurrent, .latest: finished(handle)
                case .race, .throttle: output.sendInterrupted()
                }
            case .completed: finished(handle)
            }
        }
    }

    /// Whether an event of inner stream `id` is forwarded; for `race`, the first event decides
    /// the winner and disposes of the others.
    private func forwards(_ id: Int, _ event: Signal<Value, Error>.Event) -> Bool {
        switch kind {
        case .concurrent, .throttle:
            return true
        case .latest:
            return mutex.withLock { _ in chosen == id }
        case .race:
            let (wins, losers) = mutex.withLock { _ -> (Bool, [(run: Disposable, handle: Disposable?)]) in
                if let chosen { return (chosen == id, []) }
                chosen = id
                let losers = active.filter { $0.key != id }.map(\.value)
                running = 1
                active = [:]
                return (true, losers)
            }
            for loser in losers {
                loser.handle?.dispose()
                loser.run.dispose()
            }
            return wins
        }
    }

    private func finished(_ handle: Disposable?) {
        handle?.dispose()
        let (startDraining, done) = mutex.withLock { _ -> (Bool, Bool) in
            running -= 1
            if draining { return (false, false) }
            if running < limit, hasWaiting {
                draining = true
                return (true, false)
            }
            return (false, running == 0 && outerCompleted)
        }
        if startDraining { drain() }
        if done { output.sendCompleted() }
    }

    /// Starts waiting inner streams while there are free slots; an inner stream completing
    /// synchronously inside `start` only frees its slot, and this loop goes round again.
    private func drain() {
        while true {
            let next = mutex.withLock { _ -> (Inner, Int)? in
                guard running < limit, hasWaiting else {
                    draining = false
                    return nil
                }
                running += 1
                nextID += 1
                return (takeWaiting(), nextID)
            }
            guard let (inner, id) = next else { break }
            start(inner, id: id)
        }
        let done = mutex.withLock { _ in running == 0 && !hasWaiting && !draining && outerCompleted }
        if done { output.sendCompleted() }
    }
}

enum FlattenOperator {
    static func make<V, E>(_ strategy: FlattenStrategy) -> Transform<SignalProducer<V, E>, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer.serializing(downstream, during: lifetime)
            let flattener = Flattener(strategy, output: output, lifetime: lifetime)
            return Signal<SignalProducer<V, E>, E>.Observer(flattener.outer)
        }
    }
}
