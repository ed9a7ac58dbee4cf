import Synchronization

/// The shared run behind `replayLazily(upTo:)`.
///
/// Every change — an event of the underlying run, an observer joining or leaving — is a
/// command sent through one serialising core, so the buffer and the observer list are only
/// ever touched by that core's single delivery loop: a joining observer gets exactly the
/// buffered values and then every later event, with nothing missed or repeated.
private final class ReplayHub<Value, Error: Swift.Error>: @unchecked Sendable {
    // `@unchecked`: `buffer`, `terminal` and `observers` are only touched from `handle`, which
    // only `commands`' delivery loop calls, one command at a time. `started` is atomic.
    typealias Observer = Signal<Value, Error>.Observer

    final class Membership: Sendable {}

    enum Command {
        case event(Signal<Value, Error>.Event)
        case join(Observer, Membership)
        case leave(Membership)
    }

    private let capacity: Int
    private var buffer: [Value] = []
    private var terminal: Signal<Value, Error>.Event?
    private var observers: [(Membership, Observer)] = []
    let commands = SignalCore<Command, Never>(owned: true)
    private let source: SignalProducer<Value, Error>
    private let run = SerialDisposable()
    private let started = Synchronization.Atomic<Bool>(false)

    init(source: SignalProducer<Value, Error>, capacity: Int) {
        self.source = source
        self.capacity = capacity
        _ = commands.observe(Signal<Command, Never>.Observer { [weak self] event in
            if case let .value(command) = event { self?.handle(command) }
        })
    }

    deinit { run.dispose() }

    /// Starts the underlying run on the first call only.
    func startIfNeeded() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let commands = self.commands
        run.inner = source.start { commands.send(.value(.event($0))) }
    }

    private func handle(_ command: Command) {
        switch command {
        case let .event(event):
            if case let .value(value) = event {
                buffer.append(value)
                if buffer.count > capacity { buffer.removeFirst(buffer.count - capacity) }
            } else {
                terminal = event
            }
            let current = observers
            if event.isTerminating { observers = [] }
            for (_, observer) in current { observer.send(event) }
        case let .join(observer, membership):
            for value in buffer { observer.send(value: value) }
            if let terminal {
                observer.send(terminal)
            } else {
                observers.append((membership, observer))
            }
        case let .leave(membership):
            observers.removeAll { $0.0 === membership }
        }
    }
}

extension SignalProducer {
    /// A producer sharing one run of this one among all its starts: the run begins at the first
    /// start and goes on until it ends (or nothing references the result); each start first
    /// receives the last `capacity` values, then every later event.
    public func replayLazily(upTo capacity: Int) -> SignalProducer {
        precondition(capacity >= 0, "replayLazily(upTo:) needs a capacity of at least 0")
        let hub = ReplayHub(source: self, capacity: capacity)
        return SignalProducer(lineage: lineage, serial: { observer, lifetime in
            let membership = ReplayHub<Value, Error>.Membership()
            hub.commands.send(.value(.join(observer, membership)))
            lifetime.observeEnded { hub.commands.send(.value(.leave(membership))) }
            hub.startIfNeeded()
        })
    }
}
