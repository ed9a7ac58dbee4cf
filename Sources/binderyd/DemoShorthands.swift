import BinderyHost

/// binderyd's two shorthands for its simulated API, kept because they are short to type:
/// `--latency-ms N` is `--set api.latencyMs=N` and `--failure-rate F` is
/// `--set api.failureRate=F` (both also as `--flag=value`). The values are checked by the
/// `api` view model's inputs, like any `--set`.
enum DemoShorthands {
    static let usage = [
        "--latency-ms N            shorthand for --set api.latencyMs=N (0-60000)",
        "--failure-rate F          shorthand for --set api.failureRate=F (0-1)",
    ]

    private static let inputs = ["--latency-ms": "api.latencyMs", "--failure-rate": "api.failureRate"]

    /// `arguments` with each shorthand rewritten as its `--set`; throws for a shorthand
    /// missing its value.
    static func expand(_ arguments: [String]) throws(UsageError) -> [String] {
        var out: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard let input = inputs[parts[0]] else { out.append(argument); continue }
            if parts.count == 2 {
                out += ["--set", "\(input)=\(parts[1])"]
            } else if index < arguments.count {
                out += ["--set", "\(input)=\(arguments[index])"]
                index += 1
            } else {
                throw UsageError("\(argument) needs a value")
            }
        }
        return out
    }
}
