/// When the history takes a checkpoint (a version's whole `/api/state` document): at every
/// ``VersionHistory/checkpointInterval``-th version, at a restart, and once the entries since
/// the last checkpoint reach a sixteenth of the history's byte budget. The budget drops whole
/// segments (a checkpoint and the versions after it), so segments stay small beside it
/// however large each version's changes are, and a version is rebuilt from a checkpoint near it.
///
/// Not thread-safe by itself: the host consults it only on its scheduler.
package struct CheckpointSchedule: Sendable {
    /// Bytes of entries after which the next version is a checkpoint.
    package let segmentBytes: Int
    private var sinceCheckpoint = 0

    /// The schedule of a history of `historyBudget` bytes.
    package init(historyBudget: Int) {
        segmentBytes = max(1, historyBudget / 16)
    }

    /// Whether `version`, with its change-feed `entries`, gets a checkpoint (`restart`: it
    /// replaced the whole state); counts its entries either way.
    package mutating func isCheckpoint(_ version: UInt64, restart: Bool, entries: [[UInt8]]) -> Bool {
        sinceCheckpoint += entries.reduce(0) { $0 + $1.count }
        guard restart || version % VersionHistory.checkpointInterval == 0 || sinceCheckpoint >= segmentBytes else { return false }
        sinceCheckpoint = 0
        return true
    }
}
