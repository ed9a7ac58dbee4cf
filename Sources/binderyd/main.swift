// binderyd: hosts Bindery's standard view models behind a control socket and an HTTP
// dashboard. Wiring only: the daemon is BinderyHost's DaemonMain; the view models and their
// store are BinderyModels'.
import BinderyHost
import BinderyModels

DaemonMain.run(program: "binderyd", otherDatabases: [Store.fileName], extraOptions: DemoShorthands.options,
               makeViewModels: makeHostedViewModels)
