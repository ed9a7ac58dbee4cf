import Bindery
import BinderyJSON

/// The JSON of a list output that reports its edits (``SurfaceOutput/rowChanges``), kept row
/// by row and joined in chunks of rows, so that an edit of a few rows costs what those rows
/// cost, whatever the list's length.
///
/// Guarantees:
/// - ``json`` — and `[`, ``chunkGroups`` concatenated, `]` — is always the JSON array of the
///   rows given so far: `[row,row,…]`.
/// - ``apply(_:)`` encodes only the rows the edits carry (a `.replaced` list: every row, as
///   that is its size), re-joins only the chunks they touch (copying at most one group's
///   references, and the list of groups), and returns exactly the indices
///   whose row now differs from before the edits — with every index from an insertion or
///   removal on, since those rows moved — so a client holding the old rows gets the new list by
///   cutting it to ``count`` and putting those rows at those indices.
/// - Not thread-safe: kept in the host's `StateEncoder`, confined to its scheduler.
package struct EncodedList {
    /// Each row's JSON.
    private var rowJSON: [[UInt8]] = []
    /// The rows of chunk k (rows k·chunkSize ..< (k+1)·chunkSize) joined by commas, kept in
    /// groups of `groupSize` chunks (chunk k is `groups[k / groupSize][k % groupSize]`); every
    /// chunk but the first starts with a comma, so chunks never depend on which one is last.
    private var groups: [[[UInt8]]] = []

    /// Rows per chunk: an edit re-joins about this many rows' JSON.
    package static let chunkSize = 64
    /// Chunks per group: handing the list on costs one reference per group, and an edit
    /// copies at most one group's references (while the last published state shares them).
    package static let groupSize = 64

    /// An empty list.
    package init() {}

    /// The number of rows.
    package var count: Int { rowJSON.count }

    /// The JSON of row `index`.
    package func row(_ index: Int) -> [UInt8] { rowJSON[index] }

    /// The list's chunks, in groups (with no brackets): `[` + these + `]` is its JSON.
    package var chunkGroups: [[[UInt8]]] { groups }

    /// The list's JSON in pieces: `[`, its chunks (shared, not copied), `]`.
    package var pieces: JSONPieces {
        var text = JSONPieces()
        text.append([UInt8(ascii: "[")])
        text.append(groups: groups)
        text.append([UInt8(ascii: "]")])
        return text
    }

    /// The list's JSON in one array.
    package var json: [UInt8] { pieces.joined }

    /// Applies `changes` in order; returns the indices (ascending) whose row differs from
    /// before, or nil when neither a row nor the length changed.
    package mutating func apply(_ changes: [ListChange<SurfaceValue>]) -> [Int]? {
        let oldCount = rowJSON.count
        var marked: Set<Int> = []
        // Every index from here on holds a row that moved (or is new).
        var shiftedFrom = Int.max
        for change in changes {
            switch change {
            case let .updated(row, index):
                let json = JSONWriter.encode(row)
                guard json != rowJSON[index] else { continue }
                rowJSON[index] = json
                if index < shiftedFrom { marked.insert(index) }
            case let .inserted(rows, index):
                rowJSON.insert(contentsOf: rows.map(JSONWriter.encode), at: index)
                shiftedFrom = min(shiftedFrom, index)
            case let .removed(range):
                rowJSON.removeSubrange(range)
                shiftedFrom = min(shiftedFrom, range.lowerBound)
            case let .replaced(rows):
                let json = rows.map(JSONWriter.encode)
                for index in json.indices where index < shiftedFrom && (index >= rowJSON.count || json[index] != rowJSON[index]) {
                    marked.insert(index)
                }
                rowJSON = json
            }
        }
        let count = rowJSON.count
        var changed = marked.filter { $0 < min(shiftedFrom, count) }.sorted()
        if shiftedFrom < count { changed += shiftedFrom..<count }
        guard !changed.isEmpty || count != oldCount else { return nil }
        // A new length changes the chunk it ends in (or the first new one).
        rejoin(changed: changed, from: count == oldCount ? shiftedFrom : min(shiftedFrom, oldCount, count))
        return changed
    }

    /// Re-joins the chunks holding `changed` rows and every chunk from row `from` on.
    private mutating func rejoin(changed: [Int], from: Int) {
        let size = Self.chunkSize
        let chunkCount = (rowJSON.count + size - 1) / size
        resize(chunkCount: chunkCount)
        var dirty = Set(changed.lazy.map { $0 / size })
        if from / size < chunkCount { dirty.formUnion((from / size)..<chunkCount) }
        for chunk in dirty where chunk < chunkCount {
            let rows = rowJSON[(chunk * size)..<min(rowJSON.count, (chunk + 1) * size)]
            var bytes: [UInt8] = []
            bytes.reserveCapacity(rows.reduce(1) { $0 + $1.count + 1 })
            for (offset, row) in rows.enumerated() {
                if chunk > 0 || offset > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: row)
            }
            groups[chunk / Self.groupSize][chunk % Self.groupSize] = bytes
        }
    }

    /// Makes room for exactly `chunkCount` chunks (new ones empty, to be re-joined).
    private mutating func resize(chunkCount: Int) {
        let groupSize = Self.groupSize
        let groupCount = (chunkCount + groupSize - 1) / groupSize
        let kept = min(groups.count, groupCount)
        if groups.count > groupCount { groups.removeLast(groups.count - groupCount) }
        while groups.count < groupCount { groups.append([]) }
        // Only the last kept group and the new ones can have the wrong length.
        for group in max(0, kept - 1)..<groupCount {
            let wanted = min(groupSize, chunkCount - group * groupSize)
            if groups[group].count > wanted { groups[group].removeLast(groups[group].count - wanted) }
            while groups[group].count < wanted { groups[group].append([]) }
        }
    }
}
