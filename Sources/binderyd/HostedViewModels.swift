import Bindery
import BinderyHost

/// The view models binderyd hosts, built on the view-model scheduler.
///
/// This is the one place that knows which view models exist. Until the standard set from
/// BinderyModels is merged it hosts the simulated network (`api`, see
/// InterimAPIViewModel.swift); with it, this function becomes:
///
///     let store = try Store(directory: environment.stateDirectory)
///     return StandardViewModels.make(in: ModelContext(
///         store: store, scheduler: environment.scheduler,
///         background: environment.background, commandTimeout: environment.commandTimeout))
@Sendable
func makeHostedViewModels(_ environment: DaemonViewModelEnvironment) throws -> [any ViewModel] {
    [InterimAPIViewModel(scheduler: environment.scheduler, background: environment.background,
                         commandTimeout: environment.commandTimeout)]
}
