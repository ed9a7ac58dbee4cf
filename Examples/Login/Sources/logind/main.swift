import BinderyHost
import LoginKit
DaemonMain.run { environment in [LoginViewModel(scheduler: environment.scheduler), NotesViewModel()] }
