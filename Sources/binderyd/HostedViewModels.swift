import Bindery
import BinderyHost
import BinderyModels

/// The view models binderyd hosts, built on the view-model scheduler: the standard set of the
/// source material (login, signin, books, products, tweets, compass, api) over the SQLite store
/// in the state directory. This is the one place that knows which view models exist.
@Sendable
func makeHostedViewModels(_ environment: DaemonViewModelEnvironment) throws -> [any ViewModel] {
    let store = try Store(directory: environment.stateDirectory)
    // A clean stop leaves bindery.sqlite self-contained, as the host does with its own state.
    environment.onStop("checkpointing \(Store.fileName)") { try store.checkpoint() }
    let context = ModelContext(
        store: store,
        scheduler: environment.scheduler,
        backgroundScheduler: environment.background)
    return StandardViewModels.make(in: context)
}
