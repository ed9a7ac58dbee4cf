import Bindery
import BinderyProtocol
import BinderySystemd
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one call a program makes to host its own view models as a complete daemon: the
/// standard flags (`--help` and usage errors name the program), the control socket for
/// binderyctl, HTTP with the compiled-in dashboard and JSON endpoint, persisted inputs, and
/// systemd socket activation and notification.
///
/// ```swift
/// // Sources/counterd/main.swift
/// import BinderyHost
/// DaemonMain.run { environment in [CounterViewModel(scheduler: environment.scheduler)] }
/// ```
///
/// Guarantees: `--help` and `--version` print and exit 0; a bad command line (unknown flag,
/// bad value, a `--set` the view models refuse) prints one line `<program>: <message>` and
/// exits 2; otherwise it is ``DaemonRunner/run(configuration:program:otherDatabases:makeViewModels:)``.
public enum DaemonMain {
    /// Parses `arguments` (the program's own, without its name) and runs the daemon; never
    /// returns. `program` defaults to the executable's file name; `otherDatabases` are the
    /// SQLite files the view models keep in the state directory, checked at startup;
    /// `extraOptions` are the program's own options, parsed and listed with the standard ones.
    public static func run(
        program: String = DaemonMain.executableName,
        version: String = BinderyRelease.version,
        otherDatabases: [String] = [],
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        extraOptions: [DaemonOptions.Option] = [],
        makeViewModels: @escaping @Sendable (DaemonViewModelEnvironment) throws -> [any ViewModel]
    ) -> Never {
        var environment: [String: String] = [:]
        for name in ["RUNTIME_DIRECTORY", "STATE_DIRECTORY"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        switch Result(catching: { () throws(UsageError) in try DaemonOptions.parse(arguments, environment: environment, extraOptions: extraOptions) }) {
        case let .failure(error):
            Logger.writeToStandardError("\(program): \(error) (see \(program) --help)\n")
            exit(2)
        case .success(.help):
            print(DaemonOptions.usage(program: program, extraOptions: extraOptions))
            exit(0)
        case .success(.version):
            print("\(program) \(version)")
            exit(0)
        case let .success(.run(configuration)):
            DaemonRunner.run(configuration: configuration, program: program, otherDatabases: otherDatabases,
                             makeViewModels: makeViewModels)
        }
    }

    /// The running executable's file name (`counterd` for `.build/debug/counterd`).
    public static var executableName: String {
        let path = CommandLine.arguments.first ?? "bindery-daemon"
        return path.split(separator: "/").last.map(String.init) ?? path
    }
}
