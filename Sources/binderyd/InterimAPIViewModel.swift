import Bindery
import FoundationEssentials

/// The simulated network of SPEC.md §2 (`api`: inputs `latencyMs`, `failureRate`; outputs
/// `requests`, `failures`), hosted by binderyd until BinderyModels' standard view models are
/// merged (they include their own `api`; this file is then deleted). Its one command,
/// `request`, performs one simulated request: it waits `latencyMs` on the background
/// scheduler and fails with "Server unavailable, please retry" with probability
/// `failureRate`.
final class InterimAPIViewModel: ViewModel {
    let surface: Surface
    private let latencyMs = MutableProperty(800)
    private let failureRate = MutableProperty(0.0)
    private let requests = MutableProperty(0)
    private let failures = MutableProperty(0)
    private let request: Action<Void, Int, ServerUnavailable>

    struct ServerUnavailable: Error, CustomStringConvertible {
        var description: String { "Server unavailable, please retry" }
    }

    init(scheduler: QueueScheduler, background: QueueScheduler, commandTimeout: Double) {
        let (latencyMs, failureRate, requests, failures) = (self.latencyMs, self.failureRate, self.requests, self.failures)
        request = Action(timeout: ActionTimeout(name: "api.request", interval: commandTimeout, on: scheduler)) { _ in
            SignalProducer { observer, lifetime in
                let latency = Double(latencyMs.value) / 1000
                let fails = Double.random(in: 0..<1) < failureRate.value
                lifetime += background.schedule(after: latency) {
                    scheduler.schedule {
                        requests.value += 1
                        if fails {
                            failures.value += 1
                            observer.send(error: ServerUnavailable())
                        } else {
                            observer.send(value: requests.value)
                            observer.sendCompleted()
                        }
                    }
                }
            }
        }
        surface = Surface(
            name: "api",
            inputs: [.int("latencyMs", latencyMs, .range(0...60_000)), .double("failureRate", failureRate, .range(0...1))],
            outputs: [SurfaceOutput("requests", Property(capturing: requests)), SurfaceOutput("failures", Property(capturing: failures))],
            commands: [SurfaceCommand("request", request, enabledDerivesFrom: [])])
    }
}
