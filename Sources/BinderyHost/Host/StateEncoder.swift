import Bindery
import BinderyJSON
import BinderySurfaceEncoding

/// The encoded JSON of every hosted view model, kept member by member — and row by row for
/// list values — so that a change re-encodes only the members (and rows) that changed.
///
/// Guarantees:
/// - ``viewModelPieces`` concatenated (``viewModelJSON(_:)``) always equals what encoding the
///   last values given would produce: `{"inputs": {…}, "outputs": {…}, "commands": {…}}` in
///   surface order; each member's pieces (``ViewModelPieces/members``), its value there.
/// - ``update(_:value:)`` encodes only what differs from the cached value; for a list whose
///   length is kept or whose changed rows are few, only the changed rows are encoded, and the
///   change it describes carries only those rows (``Change``).
/// - ``update(_:rowChanges:)`` (list outputs that report their edits) costs what the edits
///   cost: no comparison of the list, only the edited rows encoded, and a view model's pieces
///   are its members' JSON with such a list in groups of chunks (``EncodedList``), so
///   rebuilding them copies no list.
/// - Not thread-safe: the host keeps it in ``HostState``, confined to its scheduler.
struct StateEncoder {
    /// Which member of which view model.
    typealias Key = HostState.ChangeKey

    /// One cached member: its JSON and, for lists, each row's value and JSON; for a list
    /// output that reports its edits, its ``EncodedList`` instead.
    private struct Member {
        var json: [UInt8]
        var rows: [SurfaceValue]?
        var rowJSON: [[UInt8]] = []
        var list: EncodedList?
    }

    private let surfaces: [Surface]
    /// `[viewModel][part][index]`, parts in the order input, output, command.
    private var members: [[[Member]]]
    /// Each view model's state object in pieces (their concatenation is its JSON) and each of
    /// its members' values, rebuilt from its members when one changed.
    private(set) var viewModelPieces: [ViewModelPieces]
    /// Each member's `"name":` bytes, `[viewModel][part][index]`.
    private let keys: [[[[UInt8]]]]
    /// Each view model's `,"resetAfterRestart":[…]` (empty when no member was reset).
    private let resetSuffixes: [[UInt8]]

    /// A list whose changed rows are at most this share of its length is sent as rows.
    private static let rowPatchShare = 2

    /// Encodes every member of `values` (one entry per surface, surface order); each view
    /// model's object names its `resetMembers` (those a restart could not bring back) when
    /// it has any.
    init(surfaces: [Surface], values: [HostState.Values], resetMembers: [[String]] = []) {
        self.surfaces = surfaces
        resetSuffixes = surfaces.indices.map { vm in
            guard resetMembers.indices.contains(vm), !resetMembers[vm].isEmpty else { return [] }
            var writer = JSONWriter(capacity: 64)
            writer.value(.list(resetMembers[vm].map { .string($0) }))
            return Array(#","resetAfterRestart":"#.utf8) + writer.bytes
        }
        keys = surfaces.map { surface in
            [surface.inputs.map(\.name), surface.outputs.map(\.name), surface.commands.map(\.name)].map { names in
                names.map { name in
                    var writer = JSONWriter(capacity: name.utf8.count + 3)
                    writer.string(name)
                    return writer.bytes + [UInt8(ascii: ":")]
                }
            }
        }
        members = zip(surfaces, values).map { surface, values in
            [zip(surface.inputs, values.inputs).map { input, value in Self.member(input.disclosed(value)) },
             zip(surface.outputs, values.outputs).map { output, value in
                 output.rowChanges == nil ? Self.member(value) : Member(json: [], list: EncodedList())
             },
             values.commands.map { Member(json: $0.json) }]
        }
        viewModelPieces = []
        viewModelPieces = surfaces.indices.map(assemble)
    }

    /// One view model's state object, joined.
    func viewModelJSON(_ vm: Int) -> [UInt8] {
        viewModelPieces[vm].object.joined
    }

    /// The JSON of one member's current value.
    func json(_ key: Key) -> [UInt8] {
        let member = members[key.viewModel][ViewModelPieces.partIndex(key.part)][key.index]
        return member.list?.json ?? member.json
    }

    /// One side of a member's change as the event log tells it (``EventEffects``): its JSON,
    /// or for a list, its length (a list's rows are not copied into the log).
    enum EffectSide {
        case value([UInt8])
        case rows(Int)
    }

    /// `key`'s member now, for the event log's effects.
    func effectSide(_ key: Key) -> EffectSide {
        let member = members[key.viewModel][ViewModelPieces.partIndex(key.part)][key.index]
        if let list = member.list { return .rows(list.count) }
        if let rows = member.rows { return .rows(rows.count) }
        return .value(member.json)
    }

    /// The JSON of row `index` of `key`'s list member now (nil past its end, or not a list).
    func rowJSON(_ key: Key, _ index: Int) -> [UInt8]? {
        let member = members[key.viewModel][ViewModelPieces.partIndex(key.part)][key.index]
        if let list = member.list { return index < list.count ? list.row(index) : nil }
        return index < member.rowJSON.count ? member.rowJSON[index] : nil
    }

    /// The rows of `key`'s member, when it is a list of values (not a reported list).
    func listRows(_ key: Key) -> [SurfaceValue]? {
        members[key.viewModel][ViewModelPieces.partIndex(key.part)][key.index].rows
    }

    /// The name of `key`'s member.
    func name(_ key: Key) -> String {
        let surface = surfaces[key.viewModel]
        switch key.part {
        case .input: return surface.inputs[key.index].name
        case .output: return surface.outputs[key.index].name
        case .command: return surface.commands[key.index].name
        }
    }

    /// The name of view model `vm`.
    func viewModelName(_ vm: Int) -> String { surfaces[vm].name }

    /// What changed in one member, as the change feed's entry (docs/HTTP.md).
    enum Change {
        /// The member's whole new value (JSON).
        case value([UInt8])
        /// A list's new length and the rows that differ, by index (JSON of each row).
        case rows(length: Int, changed: [(index: Int, json: [UInt8])])
    }

    /// Caches `value` as the new value of `key`'s member; returns what changed, or nil when
    /// the JSON is the same. Call ``rebuild(viewModels:)`` for the view models touched.
    mutating func update(_ key: Key, value: SurfaceValue) -> Change? {
        let part = ViewModelPieces.partIndex(key.part)
        // A secret input's value never leaves the daemon through the state (HTTP).
        let value = key.part == .input ? surfaces[key.viewModel].inputs[key.index].disclosed(value) : value
        var member = members[key.viewModel][part][key.index]
        guard case let .list(rows) = value, let oldRows = member.rows else {
            // A list met for the first time is cached row by row; any other value is encoded once.
            if case .list = value {
                members[key.viewModel][part][key.index] = Self.member(value)
                return .value(members[key.viewModel][part][key.index].json)
            }
            let json = JSONWriter.encode(value)
            guard json != member.json else { return nil }
            members[key.viewModel][part][key.index] = Member(json: json)
            return .value(json)
        }
        // Leave the member's storage uniquely referenced while rows are replaced in place.
        members[key.viewModel][part][key.index] = Member(json: [])
        var changed: [(index: Int, json: [UInt8])] = []
        member.rowJSON.removeLast(max(0, member.rowJSON.count - rows.count))
        for (index, row) in rows.enumerated() {
            if index < oldRows.count, oldRows[index] == row { continue }
            let json = JSONWriter.encode(row)
            if index < member.rowJSON.count {
                if member.rowJSON[index] == json { continue }
                member.rowJSON[index] = json
            } else {
                member.rowJSON.append(json)
            }
            changed.append((index, json))
        }
        member.rows = rows
        let lengthChanged = rows.count != oldRows.count
        guard lengthChanged || !changed.isEmpty else {
            members[key.viewModel][part][key.index] = member
            return nil
        }
        member.json = Self.joined(member.rowJSON)
        members[key.viewModel][part][key.index] = member
        if rows.isEmpty || changed.count * Self.rowPatchShare > rows.count {
            return .value(member.json)
        }
        return .rows(length: rows.count, changed: changed)
    }

    /// Applies a list output's edits, in order (its ``SurfaceOutput/rowChanges``); returns
    /// what changed, or nil when nothing did. Costs what the edits cost.
    mutating func update(_ key: Key, rowChanges: [ListChange<SurfaceValue>]) -> Change? {
        let part = ViewModelPieces.partIndex(key.part)
        guard members[key.viewModel][part][key.index].list != nil,
              let changed = members[key.viewModel][part][key.index].list!.apply(rowChanges) else { return nil }
        let list = members[key.viewModel][part][key.index].list!
        if list.count == 0 || changed.count * Self.rowPatchShare > list.count {
            return .value(list.json)
        }
        return .rows(length: list.count, changed: changed.map { ($0, list.row($0)) })
    }

    /// Caches a command's new state object; returns its JSON, or nil when unchanged.
    mutating func update(_ key: Key, command: CommandState) -> Change? {
        let json = command.json
        guard json != members[key.viewModel][2][key.index].json else { return nil }
        members[key.viewModel][2][key.index].json = json
        return .value(json)
    }

    /// Rebuilds the state objects of `viewModels` from their cached members.
    mutating func rebuild(viewModels: some Sequence<Int>) {
        for vm in viewModels { viewModelPieces[vm] = assemble(vm) }
    }

    /// The change feed's entry for `change` of `key`:
    /// `{"vm", "part", "name", "value"}` or `{"vm", "part", "name", "length", "rows": [[i, row], …]}`.
    func entry(_ key: Key, _ change: Change) -> [UInt8] {
        let surface = surfaces[key.viewModel]
        let name: String
        switch key.part {
        case .input: name = surface.inputs[key.index].name
        case .output: name = surface.outputs[key.index].name
        case .command: name = surface.commands[key.index].name
        }
        var writer = JSONWriter(capacity: 96)
        writer.beginObject()
        writer.key("vm"); writer.string(surface.name)
        writer.key("part"); writer.string(key.part.rawValue)
        writer.key("name"); writer.string(name)
        switch change {
        case let .value(json):
            writer.key("value"); writer.raw(json)
        case let .rows(length, changed):
            writer.key("length"); writer.int(length)
            writer.key("rows")
            writer.beginArray()
            for row in changed {
                writer.beginArray()
                writer.int(row.index)
                writer.raw(row.json)
                writer.endArray()
            }
            writer.endArray()
        }
        writer.endObject()
        return writer.bytes
    }

    /// `{"inputs": {…}, "outputs": {…}, "commands": {…}}` of one view model, from its members,
    /// in pieces: the members' JSON run together, with each reported list's groups of chunks
    /// handed over as they are (not copied); and each member's value on its own (its cached
    /// JSON, which is replaced on a change, never edited; a list's chunks).
    private func assemble(_ vm: Int) -> ViewModelPieces {
        let parts = members[vm]
        var assembled = ViewModelPieces()
        var bytes: [UInt8] = []
        for (part, label) in [#"{"inputs":{"#, #"},"outputs":{"#, #"},"commands":{"#].enumerated() {
            bytes.append(contentsOf: label.utf8)
            assembled.members[part].reserveCapacity(parts[part].count)
            for (index, member) in parts[part].enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: keys[vm][part][index])
                if let list = member.list {
                    bytes.append(UInt8(ascii: "["))
                    assembled.object.append(bytes)
                    assembled.object.append(groups: list.chunkGroups)
                    bytes = [UInt8(ascii: "]")]
                    assembled.members[part].append(list.pieces)
                } else {
                    bytes.append(contentsOf: member.json)
                    var value = JSONPieces()
                    value.append(member.json)
                    assembled.members[part].append(value)
                }
            }
        }
        bytes.append(UInt8(ascii: "}"))
        bytes.append(contentsOf: resetSuffixes[vm])
        bytes.append(UInt8(ascii: "}"))
        assembled.object.append(bytes)
        return assembled
    }

    private static func member(_ value: SurfaceValue) -> Member {
        guard case let .list(rows) = value else { return Member(json: JSONWriter.encode(value)) }
        let rowJSON = rows.map(JSONWriter.encode)
        return Member(json: joined(rowJSON), rows: rows, rowJSON: rowJSON)
    }

    /// `[row,row,…]`.
    private static func joined(_ rows: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.reduce(2) { $0 + $1.count + 1 })
        bytes.append(UInt8(ascii: "["))
        for (index, row) in rows.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: row)
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }
}
