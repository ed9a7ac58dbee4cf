// binderyd: hosts Bindery's view models behind a control socket and an HTTP dashboard.
// Flags and wiring only; the daemon itself is BinderyHost's DaemonRunner.
import BinderyHost
import Glibc

let systemdDirectories: [String] = ["RUNTIME_DIRECTORY", "STATE_DIRECTORY"]
var environment: [String: String] = [:]
for name in systemdDirectories {
    if let value = getenv(name) { environment[name] = String(cString: value) }
}

switch Result(catching: { () throws(UsageError) in
    try DaemonOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: environment)
}) {
case let .failure(error):
    Logger.writeToStandardError("binderyd: \(error) (see binderyd --help)\n")
    exit(2)
case .success(.help):
    print(DaemonOptions.usage)
case .success(.version):
    print(DaemonOptions.version)
case let .success(.run(configuration)):
    DaemonRunner.run(configuration: configuration, makeViewModels: makeHostedViewModels)
}
