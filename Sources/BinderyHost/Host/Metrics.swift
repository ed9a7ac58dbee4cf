import Bindery
import BinderyPrimitives
import Synchronization

/// The daemon's counters, rendered in the Prometheus text exposition format (version 0.0.4).
///
/// Guarantees: safe to update from any thread; every command named at creation appears in
/// the output (with zeros) from the start, so dashboards and alerts see the series before
/// the first run; label values are escaped as the format requires.
public final class Metrics: Sendable {
    /// The upper bounds of the command duration histogram, in seconds.
    public static let durationBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    private struct CommandKey: Hashable {
        let viewModel: String
        let command: String
    }

    private struct CommandStats {
        var runs: UInt64 = 0
        var failures: UInt64 = 0
        var bucketCounts = [UInt64](repeating: 0, count: Metrics.durationBuckets.count)
        var durationSum: Double = 0
    }

    private struct Counters {
        var commands: [CommandKey: CommandStats] = [:]
        var order: [CommandKey] = []
        var inputsSet: UInt64 = 0
        var stateCommits: UInt64 = 0
        var stateCommitFailures: UInt64 = 0
    }

    private let counters: Lock<Counters>

    /// Metrics for the commands `commands` lists as (view model, command) pairs.
    public init(commands: [(viewModel: String, command: String)]) {
        var counters = Counters()
        for (viewModel, command) in commands {
            let key = CommandKey(viewModel: viewModel, command: command)
            if counters.commands[key] == nil {
                counters.commands[key] = CommandStats()
                counters.order.append(key)
            }
        }
        self.counters = Lock(counters)
    }

    /// Records one finished run of `viewModel`.`command` that took `seconds`, failed or not.
    public func recordRun(viewModel: String, command: String, seconds: Double, failed: Bool) {
        let key = CommandKey(viewModel: viewModel, command: command)
        counters.withLock { counters in
            if counters.commands[key] == nil {
                counters.commands[key] = CommandStats()
                counters.order.append(key)
            }
            counters.commands[key]!.runs += 1
            if failed { counters.commands[key]!.failures += 1 }
            counters.commands[key]!.durationSum += seconds
            for (index, bound) in Self.durationBuckets.enumerated() where seconds <= bound {
                counters.commands[key]!.bucketCounts[index] += 1
            }
        }
    }

    /// Records one input set by a client.
    public func recordInputSet() {
        counters.withLock { $0.inputsSet += 1 }
    }

    /// Records one transaction of the state database (group commit), and whether it failed.
    public func recordStateCommit(failed: Bool) {
        counters.withLock {
            $0.stateCommits += 1
            if failed { $0.stateCommitFailures += 1 }
        }
    }

    /// Inputs set by clients so far.
    public var inputsSet: UInt64 { counters.withLock { $0.inputsSet } }

    /// One numeric input or output as published: its number as JSON text.
    public struct NumericValue: Sendable {
        public let viewModel: String
        public let part: String
        public let name: String
        public let number: String
    }

    /// The exposition text, with the gauges the caller knows: the state version, connected
    /// control clients, HTTP responses by status, and each numeric input's and output's value
    /// (`bindery_value`, so Prometheus can chart what the dashboard shows).
    public func render(stateVersion: UInt64, controlClients: Int, httpResponses: [Int: UInt64], values: [NumericValue] = []) -> String {
        let counters = counters.withLock { $0 }
        var out = ""
        out += Self.family("bindery_commands_run_total", "counter", "Command executions that ended, by command.")
        for key in counters.order {
            out += "bindery_commands_run_total{\(labels(key))} \(counters.commands[key]!.runs)\n"
        }
        out += Self.family("bindery_commands_failed_total", "counter", "Command executions that failed, timed out or were interrupted.")
        for key in counters.order {
            out += "bindery_commands_failed_total{\(labels(key))} \(counters.commands[key]!.failures)\n"
        }
        out += Self.family("bindery_command_duration_seconds", "histogram", "How long command executions took.")
        for key in counters.order {
            let stats = counters.commands[key]!
            for (index, bound) in Self.durationBuckets.enumerated() {
                out += "bindery_command_duration_seconds_bucket{\(labels(key)),le=\"\(Self.format(bound))\"} \(stats.bucketCounts[index])\n"
            }
            out += "bindery_command_duration_seconds_bucket{\(labels(key)),le=\"+Inf\"} \(stats.runs)\n"
            out += "bindery_command_duration_seconds_sum{\(labels(key))} \(Self.format(stats.durationSum))\n"
            out += "bindery_command_duration_seconds_count{\(labels(key))} \(stats.runs)\n"
        }
        out += Self.family("bindery_inputs_set_total", "counter", "Inputs set by clients.")
        out += "bindery_inputs_set_total \(counters.inputsSet)\n"
        out += Self.family("bindery_state_commits_total", "counter", "Transactions of the state database (each fsyncs once; a group commit carries many sets).")
        out += "bindery_state_commits_total \(counters.stateCommits)\n"
        out += Self.family("bindery_state_commit_failures_total", "counter", "Transactions of the state database that failed (their sets got 'storage').")
        out += "bindery_state_commit_failures_total \(counters.stateCommitFailures)\n"
        out += Self.family("bindery_http_requests_total", "counter", "HTTP responses sent, by status code.")
        for status in httpResponses.keys.sorted() {
            out += "bindery_http_requests_total{status=\"\(status)\"} \(httpResponses[status]!)\n"
        }
        out += Self.family("bindery_state_version", "gauge", "The current state version.")
        out += "bindery_state_version \(stateVersion)\n"
        out += Self.family("bindery_control_clients", "gauge", "Connected control-socket clients.")
        out += "bindery_control_clients \(controlClients)\n"
        out += Self.family("bindery_value", "gauge", "Each numeric input and output of the view models, as the current version shows it.")
        for value in values {
            out += "bindery_value{vm=\"\(Self.escape(value.viewModel))\",part=\"\(value.part)\",name=\"\(Self.escape(value.name))\"} \(value.number)\n"
        }
        return out
    }

    /// The `# HELP` and `# TYPE` lines that open a metric family.
    private static func family(_ name: String, _ type: String, _ help: String) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    private func labels(_ key: CommandKey) -> String {
        "vm=\"\(Self.escape(key.viewModel))\",command=\"\(Self.escape(key.command))\""
    }

    private static func escape(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
