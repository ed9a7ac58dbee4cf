import Bindery
import BinderyHost
import Testing

/// A host started in-process on a queue of its own (`queue`), hosting the one view model `make`
/// builds on that queue; records an issue when the start reports a problem.
func startedHost<Model: ViewModel>(
    queue: String, store: InputStore? = nil, commandTimeout: Double = 30, _ make: () -> Model
) -> (host: ViewModelHost, model: Model) {
    let scheduler = QueueScheduler(name: queue)
    let model = scheduler.queue.sync { make() }
    let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: store, commandTimeout: commandTimeout)
    #expect(host.start().isEmpty)
    return (host, model)
}
