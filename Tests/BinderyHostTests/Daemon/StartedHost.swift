import Bindery
import BinderyHost
import BinderyPersistence
import Testing

/// A started host of one view model, built on the host's own scheduler as a daemon builds
/// its view models; expects the start to report no problem.
func startedHost<Model: ViewModel>(queue name: String, store: InputStore? = nil, commandTimeout: Double = 30,
                                   _ make: () -> Model) -> (host: ViewModelHost, model: Model) {
    let scheduler = QueueScheduler(name: name)
    let model = scheduler.queue.sync(execute: make)
    let host = ViewModelHost(viewModels: [model], scheduler: scheduler, store: store, commandTimeout: commandTimeout)
    #expect(host.start().isEmpty)
    return (host, model)
}
