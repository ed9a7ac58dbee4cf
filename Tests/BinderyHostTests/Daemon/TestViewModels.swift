import Bindery
import BinderyHost
import BinderyPrimitives
import Foundation
import Synchronization

/// A small view model for host tests: a string input with a derived output, a bounded int
/// input, and commands that succeed, fail, take an argument, or run until released.
final class GreeterViewModel: ViewModel {
    let surface: Surface
    let name = MutableProperty("")
    let step = MutableProperty(1)
    let greeting: Property<String>
    /// Observers of running `slow` executions; `releaseSlow` completes them.
    let slowRuns = SlowRuns()

    /// The observers of running `slow` executions, shared with the action's work.
    final class SlowRuns: Sendable {
        let observers = Lock<[Signal<Int, Never>.Observer]>([])
    }

    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    init() {
        greeting = name.map { "hello, \($0)" }
        let slowRuns = self.slowRuns
        let add = Action<Int, Int, Never> { amount in SignalProducer(value: amount + 1) }
        let fail = Action<Void, Int, Boom> { _ in SignalProducer(error: Boom()) }
        let slow = Action<Void, Int, Never> { _ in
            SignalProducer { observer, _ in slowRuns.observers.withLock { $0.append(observer) } }
        }
        surface = Surface(
            name: "greeter",
            inputs: [.string("name", name, .maxLength(10)), .int("step", step, .range(0...10))],
            outputs: [SurfaceOutput("greeting", greeting, derivesFrom: ["name"])],
            commands: [
                SurfaceCommand("add", add, argument: "amount"),
                SurfaceCommand("fail", fail),
                SurfaceCommand("slow", slow),
            ])
    }

    /// Completes every running `slow` execution with `value`.
    func releaseSlow(_ value: Int) {
        for observer in slowRuns.observers.withLock({ runs in defer { runs.removeAll() }; return runs }) {
            observer.send(value: value)
            observer.sendCompleted()
        }
    }
}

/// Waits (bounded by a safety timeout, never asserted on) for an asynchronous completion.
final class Completion<Value: Sendable>: Sendable {
    private let box = Lock<Value?>(nil)
    private let semaphore = DispatchSemaphore(value: 0)

    func fulfil(_ value: Value) {
        box.withLock { $0 = value }
        semaphore.signal()
    }

    func wait() -> Value? {
        _ = semaphore.wait(timeout: .now() + 10)
        return box.withLock { $0 }
    }
}
