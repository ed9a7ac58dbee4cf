import Dispatch
import Foundation
import ReactiveSwift
import Testing

// A user's own types conforming to each of ReactiveSwift's public protocols, written as code
// written against ReactiveSwift 7.2.1 writes them: non-final classes, no `Sendable`, no
// `@unchecked`. This file compiles in Swift 6 language mode (the package's), which is the
// first half of each test: a protocol that asked for more than ReactiveSwift does (`Sendable`,
// say) would make a non-final class conforming to it an error here. The second half uses each
// conformance through the library, so the requirements are the ones the library calls.

/// A disposable as SwiftRex writes one: a non-final class holding a closure.
private class UserDisposable: Disposable {
    private(set) var isDisposed = false
    private let onDispose: () -> Void
    init(_ onDispose: @escaping () -> Void) { self.onDispose = onDispose }
    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        onDispose()
    }
}

/// A scheduler that runs each action at once, counting them.
private class CountingScheduler: Scheduler {
    private(set) var scheduled = 0
    @discardableResult func schedule(_ action: @escaping () -> Void) -> Disposable? {
        scheduled += 1
        action()
        return nil
    }
}

/// A date scheduler over a `TestScheduler`, as a user wraps one to log what is scheduled.
private class LoggingDateScheduler: DateScheduler {
    let base = TestScheduler()
    private(set) var log: [String] = []
    var currentDate: Date { base.currentDate }
    @discardableResult func schedule(_ action: @escaping () -> Void) -> Disposable? {
        log.append("now")
        return base.schedule(action)
    }
    @discardableResult func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        log.append("after")
        return base.schedule(after: date, action: action)
    }
    @discardableResult func schedule(after date: Date, interval: DispatchTimeInterval, leeway: DispatchTimeInterval,
                                     action: @escaping () -> Void) -> Disposable? {
        log.append("repeating")
        return base.schedule(after: date, interval: interval, leeway: leeway, action: action)
    }
}

/// A read-only property over a `MutableProperty`, as a user writes a property-like type.
private class CounterProperty: PropertyProtocol {
    let storage = MutableProperty(0)
    var value: Int { storage.value }
    var producer: SignalProducer<Int, Never> { storage.producer }
    var signal: Signal<Int, Never> { storage.signal }
}

/// A settable property that keeps what it is given, and its own lifetime.
private class KeptValue: ComposableMutablePropertyProtocol {
    private let storage = MutableProperty("")
    var value: String {
        get { storage.value }
        set { storage.value = newValue }
    }
    var producer: SignalProducer<String, Never> { storage.producer }
    var signal: Signal<String, Never> { storage.signal }
    var lifetime: Lifetime { storage.lifetime }
    func withValue<Result>(_ action: (String) throws -> Result) rethrows -> Result { try action(storage.value) }
    func modify<Result>(_ action: (inout String) throws -> Result) rethrows -> Result { try storage.modify(action) }
}

/// A binding target provider that collects what is bound to it.
private class Collector: BindingTargetProvider {
    let (lifetime, token) = Lifetime.make()
    private(set) var received: [Int] = []
    var bindingTarget: BindingTarget<Int> { BindingTarget(lifetime: lifetime) { [weak self] in self?.received.append($0) } }
}

/// A source of values that is not a producer itself.
private class Numbers: SignalProducerConvertible, SignalProducerProtocol, BindingSource {
    var producer: SignalProducer<Int, Never> { SignalProducer([1, 2, 3]) }
}

/// A signal wrapper, as a user gives a type its own signal.
private class Feed: SignalProtocol {
    let (signal, input) = Signal<Int, Never>.pipe()
}

/// An event-like value and an optional-like value.
private class Happening: EventProtocol {
    var event: Signal<Int, Never>.Event { .value(4) }
}

private enum Maybe: OptionalProtocol {
    case some(Int), none
    init(nilLiteral: ()) { self = .none }
    init(reconstructing value: Int?) { self = value.map(Maybe.some) ?? .none }
    var optional: Int? { if case let .some(value) = self { value } else { nil } }
}

/// A type that takes the `reactive` namespace.
private class Widget: ReactiveExtensionsProvider {
    let (lifetime, token) = Lifetime.make()
    var title = ""
}

extension Reactive where Base: Widget {
    fileprivate var title: BindingTarget<String> {
        BindingTarget(lifetime: base.lifetime) { [base] in base.title = $0 }
    }
}

@Suite(.timeLimit(.minutes(1)))
struct UserConformanceTests {
    @Test func aUserDisposableIsDisposedWithTheCompositeHoldingIt() {
        var disposed = 0
        let composite = CompositeDisposable()
        composite += UserDisposable { disposed += 1 }
        composite += UserDisposable { disposed += 1 }
        composite.dispose()
        composite.dispose()
        #expect(disposed == 2)
    }

    @Test func aUserDisposableEndsAProducerRunThroughALifetime() {
        var ended = false
        let producer = SignalProducer<Int, Never> { _, lifetime in
            lifetime += UserDisposable { ended = true }
        }
        producer.start().dispose()
        #expect(ended)
    }

    @Test func aUserSchedulerDeliversObservedValues() {
        let scheduler = CountingScheduler()
        var seen: [Int] = []
        SignalProducer([1, 2]).observe(on: scheduler).startWithValues { seen.append($0) }
        #expect(seen == [1, 2])
        #expect(scheduler.scheduled >= 2)
    }

    @Test func aUserDateSchedulerDrivesDelayAndTimer() {
        let scheduler = LoggingDateScheduler()
        var seen: [Int] = []
        SignalProducer(value: 1).delay(2, on: scheduler).startWithValues { seen.append($0) }
        let ticks = SignalProducer<Date, Never>.timer(interval: .seconds(1), on: scheduler).take(first: 2).collect()
        var tickCount = 0
        ticks.startWithValues { tickCount = $0.count }
        scheduler.base.advance(by: 3)
        #expect(seen == [1])
        #expect(tickCount == 2)
        #expect(scheduler.log.contains("after") && scheduler.log.contains("repeating"))
    }

    @Test func userPropertiesCombineAndBind() {
        let counter = CounterProperty()
        let kept = KeptValue()
        kept <~ counter.producer.map { "count \($0)" }
        let doubled = Property(counter).map { $0 * 2 }
        counter.storage.value = 21
        #expect(kept.value == "count 21")
        #expect(doubled.value == 42)
        #expect(kept.withValue { $0.count } == 8)
    }

    @Test func aUserBindingTargetAndSourceBind() {
        let collector = Collector()
        collector <~ Numbers()
        #expect(collector.received == [1, 2, 3])
        let widget = Widget()
        widget.reactive.title <~ SignalProducer(value: "hello")
        #expect(widget.title == "hello")
    }

    @Test func userSignalsEventsAndOptionalsAreUsedByOperators() {
        let feed = Feed()
        var seen: [Int] = []
        feed.signal.observeValues { seen.append($0) }
        feed.input.send(value: 5)
        var flattened: [Int] = []
        SignalProducer<Numbers, Never>(value: Numbers()).flatten(.concat).startWithValues { flattened.append($0) }
        var dematerialized: [Int] = []
        SignalProducer<Happening, Never>(value: Happening()).dematerialize().startWithValues { dematerialized.append($0) }
        var unwrapped: [Int] = []
        SignalProducer<Maybe, Never>([.some(1), .none, .some(3)]).skipNil().startWithValues { unwrapped.append($0) }
        #expect(seen == [5])
        #expect(flattened == [1, 2, 3])
        #expect(dematerialized == [4])
        #expect(unwrapped == [1, 3])
    }
}
