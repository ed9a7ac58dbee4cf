import Bindery
import BinderyHTTP
import BinderyPrimitives
import BinderySystemd
import Dispatch
import Synchronization

/// Publishes the change feed to a pub/sub server — nginx's nchan module (docs/HTTP.md,
/// docs/nginx-nchan.conf) — for `--publish-url`: each version's answer to the cursor before
/// it, posted to that cursor's channel, so dashboards long-polling nchan get it without
/// asking the daemon.
///
/// Guarantees:
/// - For each published version V, the body `/api/changes?since=V-1` answers
///   (``ChangeFeedBody``: its changes and events) is POSTed to `<path><feed>-<V-1>` (the feed
///   id first, so a channel never names another state's version). At start the first
///   version's answer — for a restart, the reset — goes to the channel of the version before
///   it, which the previous run's dashboards wait on.
/// - It never slows a set: it learns of versions like a long-poll (``ViewModelHost/awaitVersion``)
///   and builds and posts on its own queue, over one keep-alive connection.
/// - Versions that arrive together are caught up together: every cursor from the first not
///   yet published to the one before the current version gets the answer from it to the
///   current version (at most ``maximumCatchUp`` channels: the first and the newest; a
///   dashboard at a skipped cursor gets nchan's timeout and asks the daemon).
/// - A failed post (no server, a timeout, a non-2xx status) is retried with a growing pause
///   (0.1 s doubling to 5 s), from the first cursor not published, and logged once per
///   outage — a warning when it starts, a notice when posting works again.
public final class ChangeFeedPublisher: Sendable {
    /// The most channels one catch-up posts to.
    static let maximumCatchUp = 16
    private static let firstRetrySeconds = 0.1
    private static let longestRetrySeconds = 5.0

    private struct State {
        let client: KeepAliveHTTPClient
        /// The first cursor whose channel has not had its answer (nil before the first post).
        var next: UInt64?
        /// Since when posting fails (nil: it works), and the next pause before trying again.
        var failingSince: UInt64?
        var retrySeconds = ChangeFeedPublisher.firstRetrySeconds
    }

    private enum Outcome {
        case upToDate(UInt64)
        case published
        case failed(String)
    }

    private let host: ViewModelHost
    private let url: PublishURL
    private let logger: Logger?
    private let queue = DispatchQueue(label: "bindery.publish")
    /// Used on `queue` only (the lock orders it; nothing else contends for it).
    private let state: Lock<State>
    private let stopped = Synchronization.Atomic<Bool>(false)

    /// A publisher of `host`'s change feed to `url`, logging outages to `logger`; posts
    /// nothing until ``start()``.
    public init(host: ViewModelHost, url: PublishURL, logger: Logger?) {
        self.host = host
        self.url = url
        self.logger = logger
        state = Lock(State(client: KeepAliveHTTPClient(server: url.server, describedAs: url.description)))
    }

    /// Starts publishing, from the current version's answer on.
    public func start() {
        logger?.info("publishing the change feed (feed \(host.feedID)) to \(url)")
        queue.async { self.step() }
    }

    /// Stops publishing (a post on its way finishes first). Idempotent.
    public func stop() {
        stopped.store(true, ordering: .releasing)
        queue.async { self.state.withLock { $0.client.close() } }
    }

    /// The cursors to post for when `first` is the first not yet published and `current` the
    /// current version: `first..<current`, or the first and the newest ``maximumCatchUp``−1.
    static func cursors(from first: UInt64, to current: UInt64) -> [UInt64] {
        guard first < current else { return [] }
        guard current - first > UInt64(maximumCatchUp) else { return Array(first..<current) }
        return [first] + Array((current - UInt64(maximumCatchUp - 1))..<current)
    }

    private func step() {
        guard !stopped.load(ordering: .acquiring) else { return }
        let current = host.version
        let outcome = state.withLock { state -> Outcome in
            let first = state.next ?? (current > 0 ? current - 1 : 0)
            let cursors = Self.cursors(from: first, to: current)
            guard !cursors.isEmpty else { return .upToDate(current) }
            for cursor in cursors {
                guard let body = ChangeFeedBody.encode(host.changes(after: cursor), since: cursor, feed: host.feedID)?.bytes else { continue }
                do throws(HTTPClientError) {
                    let status = try state.client.post(path: url.path + host.feedID + "-" + String(cursor),
                                                       contentType: "application/json", body: body)
                    guard (200..<300).contains(status) else { return .failed("\(url) answered HTTP \(status)") }
                } catch {
                    return .failed(error.description)
                }
            }
            state.next = current
            return .published
        }
        switch outcome {
        case let .upToDate(version):
            host.awaitVersion(after: version, timeout: 30) { [weak self] _ in
                guard let self else { return }
                queue.async { self.step() }
            }
        case .published:
            state.withLock { state in
                if let since = state.failingSince {
                    logger?.notice("publishing the change feed to \(url) works again (caught up from version \(since) to \(current))")
                }
                state.failingSince = nil
                state.retrySeconds = Self.firstRetrySeconds
            }
            queue.async { self.step() }  // versions may have come meanwhile
        case let .failed(reason):
            let pause = state.withLock { state -> Double in
                let pause = state.retrySeconds
                if state.failingSince == nil {
                    state.failingSince = current
                    logger?.warning("cannot publish the change feed: \(reason); until it works, dashboards following "
                        + "it see version \(current) and later only when their long-polls time out (retrying; logged when it works)")
                } else {
                    // Each retry only at debug level: an outage is logged once.
                    logger?.debug("publishing the change feed failed again: \(reason); next try in \(pause) s")
                }
                state.retrySeconds = min(state.retrySeconds * 2, Self.longestRetrySeconds)
                return pause
            }
            queue.asyncAfter(deadline: .now() + pause) { self.step() }
        }
    }
}
