/// JSON text kept in pieces, so that a large value changed in one place is handed on by
/// reference instead of copied: the text is the concatenation of every group's pieces, in order.
/// A list that reports its edits contributes its chunks of rows as groups of their own
/// (BinderyHost's `EncodedList`), so assembling a view model's state costs its members and the list's
/// group count, not its length.
package struct JSONPieces: Sendable {
    /// The groups of pieces, in order.
    package private(set) var groups: [[[UInt8]]] = []

    /// No text yet.
    package init() {}

    /// Appends `bytes` to the text.
    package mutating func append(_ bytes: [UInt8]) {
        groups.append([bytes])
    }

    /// Appends `pieces` (shared, not copied) to the text.
    package mutating func append(groups pieces: [[[UInt8]]]) {
        groups.append(contentsOf: pieces)
    }

    /// The text's length in bytes.
    package var byteCount: Int {
        groups.reduce(0) { total, group in group.reduce(total) { $0 + $1.count } }
    }

    /// Appends the text to `bytes`.
    package func write(into bytes: inout [UInt8]) {
        for group in groups {
            for piece in group { bytes.append(contentsOf: piece) }
        }
    }

    /// The text in one array.
    package var joined: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        write(into: &bytes)
        return bytes
    }
}
