import BinderyHost

/// binderyd's two shorthands for its simulated API, kept because they are short to type:
/// `--latency-ms N` is `--set api.latencyMs=N` and `--failure-rate F` is
/// `--set api.failureRate=F` (both also as `--flag=value`). The values are checked by the
/// `api` view model's inputs, like any `--set`.
enum DemoShorthands {
    /// binderyd's own options, parsed and listed after the standard ones.
    static let options: [DaemonOptions.Option] = [
        DaemonOptions.Option("--latency-ms", value: "N", help: ["shorthand for --set api.latencyMs=N (0-60000)"]) {
            $0.configuration.settings.append(StartupSetting(viewModel: "api", input: "latencyMs", text: $1))
        },
        DaemonOptions.Option("--failure-rate", value: "F", help: ["shorthand for --set api.failureRate=F (0-1)"]) {
            $0.configuration.settings.append(StartupSetting(viewModel: "api", input: "failureRate", text: $1))
        },
    ]
}
