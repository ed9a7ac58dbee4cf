import BinderyJSON

/// The state at each recent version (docs/HTTP.md, `/api/history`): the whole `/api/state`
/// document at some versions (checkpoints) and every version's change-feed entries after
/// them, so the state of any kept version is its checkpoint with the entries up to it applied.
///
/// Guarantees:
/// - Kept versions are contiguous and end at the newest appended one; they start at a
///   checkpoint: the oldest one whose versions on fit in `byteBudget` bytes (counted as
///   ``cost(of:)`` does), or the newest checkpoint when even its versions do not.
/// - A version that does not follow the newest (a gap: a dropped commit, another run) starts
///   over, and is kept only with a checkpoint.
/// Not thread-safe by itself: the host's publisher keeps it under its lock.
package struct VersionHistory: Sendable {
    /// One checkpoint and the versions after it.
    private struct Segment: Sendable {
        let checkpoint: UInt64
        let document: [UInt8]
        /// Entries of versions checkpoint+1, checkpoint+2, …
        var versions: [[[UInt8]]] = []
        var bytes: Int

        var newest: UInt64 { checkpoint + UInt64(versions.count) }
    }

    /// A checkpoint is taken at every version divisible by this, at every restart, and when
    /// ``CheckpointSchedule`` says the entries since the last one are many bytes.
    package static let checkpointInterval: UInt64 = 100
    /// The most bytes kept (see the type's guarantees).
    package let byteBudget: Int
    private var segments: [Segment] = []
    private var bytes = 0

    package init(byteBudget: Int) {
        self.byteBudget = max(1, byteBudget)
    }

    /// What a version's entries (or a checkpoint's document, as one entry) count against the
    /// budget: their bytes and what an array of them costs in memory beside them, so a history
    /// of many tiny versions is bounded too.
    package static func cost(of entries: [[UInt8]]) -> Int {
        entries.reduce(32) { $0 + $1.count + 32 }
    }

    /// The oldest kept version (nil: none kept).
    package var oldest: UInt64? { segments.first?.checkpoint }
    /// The newest kept version (nil: none kept).
    package var newest: UInt64? { segments.last?.newest }
    /// The bytes kept, counted as ``cost(of:)`` does.
    package var keptBytes: Int { bytes }

    /// Appends `version` with its change-feed entries and, at a checkpoint, its whole
    /// `/api/state` document (`restart`: the version replaced the whole state, its entries
    /// say nothing).
    package mutating func append(version: UInt64, entries: [[UInt8]], checkpoint: [UInt8]?, restart: Bool = false) {
        let follows = newest.map { version == $0 + 1 } ?? false
        if let checkpoint {
            if !follows {
                segments.removeAll(); bytes = 0
            } else if !restart {
                // The entries that lead to the checkpoint, so the versions read on without a reset.
                appendToNewest(entries)
            }
            let size = Self.cost(of: [checkpoint])
            segments.append(Segment(checkpoint: version, document: checkpoint, bytes: size))
            bytes += size
        } else {
            guard follows else { segments.removeAll(); bytes = 0; return }
            appendToNewest(entries)
        }
        trim()
    }

    private mutating func appendToNewest(_ entries: [[UInt8]]) {
        let size = Self.cost(of: entries)
        segments[segments.count - 1].versions.append(entries)
        segments[segments.count - 1].bytes += size
        bytes += size
    }

    /// Appends a saved checkpoint (loading, oldest first): after its version's entries when
    /// those came first, or as the first version of a run.
    package mutating func appendSaved(checkpoint: [UInt8], version: UInt64) {
        guard newest == version else { return append(version: version, entries: [], checkpoint: checkpoint, restart: true) }
        let size = Self.cost(of: [checkpoint])
        segments.append(Segment(checkpoint: version, document: checkpoint, bytes: size))
        bytes += size
        trim()
    }

    /// Appends one row of the saved history as ``InputStore`` reads it back (oldest first): a
    /// checkpoint's whole document, kept as it is, or a version's change-feed entries as one
    /// JSON array. A row of entries that is not a JSON array is skipped, so the version after
    /// it does not follow the newest kept one: the history starts again at the next checkpoint
    /// (a gap, as after a dropped commit), never replaying past the missing entries.
    package mutating func appendSaved(version: UInt64, checkpoint: Bool, json: [UInt8]) {
        if checkpoint { return appendSaved(checkpoint: json, version: version) }
        guard case let .array(entries)? = try? JSONParser.parse(json) else { return }
        append(version: version, entries: entries.map { entry in
            var bytes: [UInt8] = []
            entry.write(to: &bytes)
            return bytes
        }, checkpoint: nil)
    }

    /// The history of saved `rows` (oldest first, as ``appendSaved(version:checkpoint:json:)``
    /// takes them), keeping what fits in `byteBudget`.
    package static func loading(_ rows: [(version: UInt64, checkpoint: Bool, json: [UInt8])], byteBudget: Int = .max) -> VersionHistory {
        var history = VersionHistory(byteBudget: byteBudget)
        for row in rows { history.appendSaved(version: row.version, checkpoint: row.checkpoint, json: row.json) }
        return history
    }

    private mutating func trim() {
        while segments.count > 1, bytes > byteBudget {
            bytes -= segments.removeFirst().bytes
        }
    }

    /// One kept version after the first: its change-feed entries, or (a restart) its whole
    /// document.
    package enum Step {
        case changes([[UInt8]])
        case reset([UInt8])

        /// The step's bytes as `/api/history` writes them, about.
        package var size: Int {
            switch self {
            case let .changes(entries): entries.reduce(16) { $0 + $1.count + 1 }
            case let .reset(document): document.count + 16
            }
        }
    }

    /// The step of kept `version` (not the oldest: it has none), nil when it is not kept.
    package func step(at version: UInt64) -> Step? {
        guard let index = segments.lastIndex(where: { $0.checkpoint <= version }) else { return nil }
        let segment = segments[index]
        if version > segment.checkpoint {
            return version <= segment.newest ? .changes(segment.versions[Int(version - segment.checkpoint) - 1]) : nil
        }
        // A checkpoint either continues the previous segment (its entries are there) or starts
        // a run of the daemon (its document is the step).
        guard index > 0 else { return nil }
        let previous = segments[index - 1]
        return previous.newest == version ? .changes(previous.versions[previous.versions.count - 1]) : .reset(segment.document)
    }

    /// The kept versions as a checkpoint and each later version's step, from the newest
    /// checkpoint at or before `from` (the oldest kept when `from` is older), nil when none
    /// is kept.
    package func span(from: UInt64 = 0) -> (checkpoint: UInt64, document: [UInt8], versions: [(version: UInt64, step: Step)])? {
        guard let start = segments.lastIndex(where: { $0.checkpoint <= from }) ?? (segments.isEmpty ? nil : 0) else { return nil }
        var versions: [(version: UInt64, step: Step)] = []
        for (index, segment) in segments[start...].enumerated() {
            if index > 0, versions.last?.version != segment.checkpoint {
                versions.append((segment.checkpoint, .reset(segment.document)))
            }
            for (offset, entries) in segment.versions.enumerated() {
                versions.append((segment.checkpoint + UInt64(offset) + 1, .changes(entries)))
            }
        }
        return (segments[start].checkpoint, segments[start].document, versions)
    }

    /// The `/api/state` document at `version`, nil when it is not kept (or a kept document
    /// cannot be parsed).
    package func document(at version: UInt64) -> JSONValue? {
        guard let segment = segments.last(where: { $0.checkpoint <= version }), version <= segment.newest || version == segment.checkpoint,
              var state = try? JSONParser.parse(segment.document) else { return nil }
        for entries in segment.versions.prefix(Int(version - segment.checkpoint)) {
            for entry in entries {
                guard let change = try? JSONParser.parse(entry) else { continue }
                StateReplay.apply(change, to: &state)
            }
        }
        StateReplay.setVersion(version, in: &state)
        return state
    }

    /// The `/api/state` document at `version` as bytes: a checkpoint's as it was saved, any
    /// other version's replayed from its checkpoint; nil when it is not kept.
    package func documentBytes(at version: UInt64) -> [UInt8]? {
        if let segment = segments.last(where: { $0.checkpoint == version }) { return segment.document }
        guard let document = document(at: version) else { return nil }
        var bytes: [UInt8] = []
        document.write(to: &bytes)
        return bytes
    }
}
