import Bindery

/// The simulated network as a view model: its two knobs are inputs, read by `client` at every
/// request, and its counters are outputs.
///
/// Guarantees: `latencyMs` holds 0…60000 (default 800) and `failureRate` 0…1 (default 0); a
/// change applies to the next request, not to one already waiting.
public final class APIViewModel: SummarizedViewModel {
    /// The view model's name in its host.
    public static let name = "api"
    /// The longest latency the input accepts, in milliseconds.
    public static let maximumLatencyMs = 60_000

    /// How long every request waits, in milliseconds.
    public let latencyMs = MutableProperty(800)
    /// The probability that a request fails with "Server unavailable, please retry".
    public let failureRate = MutableProperty(0.0)
    /// The client every other view model talks to.
    public let client: APIClient
    /// How many requests the client has made since start.
    public let requests: Property<Int>
    /// How many of them failed.
    public let failures: Property<Int>
    public let summary = """
        The simulated network, itself a view model. Every API request waits `latencyMs` and \
        fails with probability `failureRate` ("Server unavailable, please retry"), both read at \
        each request, so `set api.failureRate 1` provokes every error path. `requests` and \
        `failures` count since start.
        """

    /// The api view model and its client, in `context`.
    public init(context: ModelContext) {
        client = APIClient(context: context, latencyMs: Property(latencyMs), failureRate: Property(failureRate))
        requests = client.requests
        failures = client.failures
    }

    /// Discovered from the members above (the client is not a surface member); declared are
    /// the inputs' ranges and the one edge composition cannot show.
    public var surface: Surface {
        Surface(self) {
            $0.constrain(\.latencyMs, .range(0...Double(Self.maximumLatencyMs)))
            $0.constrain(\.failureRate, .range(0...1))
            // The client counts a failure when a request draws one at `failureRate`: counted
            // in its code, not composed from the input.
            $0.derive(\.failures, from: \.failureRate)
        }
    }
}
