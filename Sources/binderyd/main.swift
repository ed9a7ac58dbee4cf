// binderyd: hosts Bindery's standard view models behind a control socket and an HTTP
// dashboard. Wiring only: the daemon is BinderyHost's DaemonMain; the view models and their
// store are BinderyModels'.
import BinderyHost
import BinderyModels
import BinderySystemd
import Glibc

let arguments: [String]
do {
    arguments = try DemoShorthands.expand(Array(CommandLine.arguments.dropFirst()))
} catch {
    Logger.writeToStandardError("binderyd: \(error) (see binderyd --help)\n")
    exit(2)
}
DaemonMain.run(program: "binderyd", otherDatabases: [Store.fileName], arguments: arguments,
               extraUsage: DemoShorthands.usage, makeViewModels: makeHostedViewModels)
