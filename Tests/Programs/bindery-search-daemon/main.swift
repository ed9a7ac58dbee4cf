// Test-only: Examples/Search's view model hosted by DaemonMain.run, built from the example's
// own sources (target BinderySearchExample), for the end-to-end test of runs a view model
// starts itself and of restarts that run nothing.
import BinderyHost
import BinderySearchExample

DaemonMain.run { environment in
    [SearchViewModel(scheduler: environment.scheduler, backend: SearchBackend(scheduler: environment.scheduler))]
}
