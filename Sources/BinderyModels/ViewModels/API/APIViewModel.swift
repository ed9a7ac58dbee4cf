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
    public let surface: Surface
    public let summary = """
        The simulated network, itself a view model. Every API request waits `latencyMs` and \
        fails with probability `failureRate` ("Server unavailable, please retry"), both read at \
        each request, so `set api.failureRate 1` provokes every error path. `requests` and \
        `failures` count since start.
        """

    /// The api view model and its client, in `context`.
    public init(context: ModelContext) {
        client = APIClient(context: context, latencyMs: Property(latencyMs), failureRate: Property(failureRate))
        surface = Surface(
            name: Self.name,
            inputs: [
                .int("latencyMs", latencyMs, .range(0...Double(Self.maximumLatencyMs))),
                .double("failureRate", failureRate, .range(0...1)),
            ],
            outputs: [
                SurfaceOutput("requests", client.requests),
                SurfaceOutput("failures", client.failures, derivesFrom: ["failureRate"]),
            ])
    }
}
