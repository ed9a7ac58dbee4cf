import BinderyHost
import SearchKit

DaemonMain.run { environment in
    [SearchViewModel(scheduler: environment.scheduler, backend: SearchBackend(scheduler: environment.scheduler))]
}
