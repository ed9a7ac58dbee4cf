#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Bindery
import BinderyHistory
import BinderyJSON
import FuzzSupport
import FuzzViewModels

/// The rows of the state database read back at start, decoded from any bytes (the decoding,
/// not SQLite: a damaged or hand-edited file hands these functions whatever its columns
/// hold). The first byte picks the table and the rest are its rows, one a line:
/// - `history` (BinderyHistory): each row's first byte says whether it is a checkpoint and how
///   far its version is past the previous row's, the rest is its JSON; rows go into a
///   `VersionHistory` as the host loads them, then every kept version's document is rebuilt
///   by replaying its entries (`StateReplay`) and the kept span is read;
/// - `inputs`: a row's JSON validated as an input of ``TripViewModel`` (its first byte picks
///   which), as the host restores inputs;
/// - `members`: a stored member's JSON decoded as its type (`JSONDecoder`) and restored; a
///   list's rows joined into one array first, as the host does.
///
/// Beyond not trapping, it checks that the kept versions are contiguous from their
/// checkpoint to the newest, and that a member decoded from its row is restored.
enum StoredRowsFuzz {
    static let model = TripViewModel()
    static let surface = model.surface
    static let members = StoredMember.discover(in: model, surface: surface).members
    static let maximumRows = 64

    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        switch input.choice(3) {
        case 0: checkHistory(&input)
        case 1: checkInput(&input)
        default: checkMember(&input)
        }
    }

    private static func checkHistory(_ input: inout FuzzInput) {
        var history = VersionHistory(byteBudget: 1 + input.choice(256) * 64)
        var version = UInt64(VersionHistory.checkpointInterval) - 2
        var rows = 0
        while rows < maximumRows, let row = input.line() {
            rows += 1
            let flags = row.first ?? 0
            version += UInt64(flags >> 1 & 3)
            history.appendSaved(version: version, checkpoint: flags & 1 == 1, json: Array(row.dropFirst()))
        }
        guard let oldest = history.oldest, let newest = history.newest else {
            precondition(history.span() == nil, "a span of an empty history")
            return
        }
        precondition(oldest <= newest, "kept versions \(oldest)...\(newest)")
        guard let span = history.span(from: oldest) else { preconditionFailure("no span of kept versions \(oldest)...\(newest)") }
        precondition(span.checkpoint == oldest, "the span from \(oldest) starts at \(span.checkpoint)")
        var expected = span.checkpoint
        for step in span.versions {
            expected += 1
            precondition(step.version == expected, "the span skips from \(expected - 1) to \(step.version)")
        }
        precondition(expected == newest, "the span ends at \(expected), the history at \(newest)")
        for kept in oldest...newest {
            _ = history.document(at: kept)
        }
    }

    private static func checkInput(_ input: inout FuzzInput) {
        let target = surface.inputs[input.choice(surface.inputs.count)]
        guard let json = try? JSONParser.parse(input.rest()) else { return }
        _ = try? target.validate(SurfaceValue(json: json), viewModel: "trip")
    }

    private static func checkMember(_ input: inout FuzzInput) {
        let member = members[input.choice(members.count)]
        var rows: [String] = []
        while rows.count < maximumRows, let row = input.line() { rows.append(String(decoding: row, as: UTF8.self)) }
        let json = member.rows != nil ? "[" + rows.joined(separator: ",") + "]" : rows.joined(separator: "\n")
        guard let value = try? JSONDecoder().decode(member.valueType, from: Data(json.utf8)) else { return }
        precondition(member.restore(value), "\(member.name) does not restore the value decoded as its type")
    }
}

/// The harness program (see ``FuzzMain``).
@main enum Harness {
    static func main() {
        FuzzMain.run { data, size in
            StoredRowsFuzz.check(FuzzMain.bytes(data, size))
            return 0
        }
    }
}
