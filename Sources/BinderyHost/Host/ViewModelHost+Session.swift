import BinderyHistory
import BinderyProtocol

/// A range of versions as one session file (docs/HTTP.md, `/api/session`; docs/PROTOCOL.md,
/// `session`), written by ``SessionDocument``, the format's one writer.
extension ViewModelHost {
    /// The session file of versions `from` (default: the oldest the history keeps) through `to`
    /// (default: the current one), written by `daemon`; an `invalid_argument` failure, one line
    /// naming what is kept, when a version is not kept, `from` is after `to`, or the event log
    /// no longer holds every event of the range.
    public func session(from: UInt64?, to: UInt64?, daemon: String) -> Result<[UInt8], HostFailure> {
        guard let range = historyRange else { return .failure(HostFailure(.invalidArgument, "the history keeps no versions yet")) }
        let start = from ?? range.lowerBound, end = to ?? range.upperBound
        guard start <= end else { return .failure(HostFailure(.invalidArgument, "the range @\(start)..@\(end) ends before it starts")) }
        for version in [start, end] where !range.contains(version) {
            return .failure(HostFailure(.invalidArgument, Self.notKept(version, range: range)))
        }
        let events = recentEvents(eventLogCapacity)
        // A full log may have dropped events of its oldest version: only later ones are whole.
        if events.count == eventLogCapacity, let oldest = events.first?.version, oldest > start {
            return .failure(HostFailure(.invalidArgument,
                "the events of version \(start) on are not all kept (the log keeps the newest \(eventLogCapacity)): start at @\(oldest) or later"))
        }
        guard let span = keptHistory(from: start, through: end).span(from: start),
              let document = SessionDocument.write(daemon: daemon, from: start, to: end, exportedAt: ISO8601Timestamp.string(fromEpochSeconds: ISO8601Timestamp.now()),
                                                   span: span, events: events.map { ($0.version, $0.json) }) else {
            return .failure(HostFailure(.invalidArgument, "versions \(start)–\(end) are no longer kept"))
        }
        return .success(document)
    }
}
