#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Bindery
import BinderySQLite

/// The hosted view models' stateful operators, as a host saves and restores them
/// (docs/RESTART-DESIGN.md): the view models are built inside one ``RestorationScope``
/// seeded from the store's saved slot states, and each version saves the slots that changed
/// since the last, in that version's transaction.
///
/// Guarantees:
/// - ``build(from:scope:_:)`` runs the construction once, inside the scope, on the caller's
///   thread; with no store, or nothing saved, every operator starts fresh as it would
///   without a scope. Saved states that cannot be read are reported (``startReport(naming:)``), never
///   thrown: the view models are then built fresh.
/// - ``recordChanged(in:)`` records only the slots whose change count moved since they were
///   last recorded (a seeded slot that never changed is not written again). A list's slot
///   (`MutableListProperty`) is never recorded: its rows are saved edit by edit as a stored
///   member, and a whole copy per version would make an edit cost the list. After a start
///   whose construction did not match what was saved, the first record drops the scope's
///   saved rows and writes every slot anew, so no stale row outlives the code that made it.
/// - ``startReport(naming:)`` names, one line each, the slot whose saved state could not be
///   used (``RestorationMismatch``) and, on a restart, each slot whose state is not `Codable`.
///
/// `@unchecked Sendable`: `recorded` and `replaceScope` are touched only on the host's
/// scheduler (``recordChanged(in:)`` and ``recordAllAgain()`` run there); the rest never
/// changes after ``build(from:scope:_:)``.
public final class ViewModelSlots: @unchecked Sendable {
    /// The scope's name in the store.
    public let scopeName: String
    /// The scope the view models were built in.
    public let scope: RestorationScope
    /// What could not be restored, and why, one line each, without the view models' names.
    private let problems: [String]
    /// Whether saved slot states were found (this start is a restart of the same state).
    public let hadSeeds: Bool
    /// The slots whose states are saved (see the type's notes), found once.
    private let saved: [RestorationSlot]
    /// The change count each of ``saved`` had when last recorded (nil: to be recorded).
    private var recorded: [UInt64?]
    /// The scope's saved rows are dropped before the next record.
    private var replaceScope: Bool

    private init(scopeName: String, scope: RestorationScope, seeds: [PersistedSeed], readFailure: String?) {
        self.scopeName = scopeName
        self.scope = scope
        hadSeeds = !seeds.isEmpty
        let slots = scope.slots
        var problems = readFailure.map { ["the saved states of their operators could not be read (\($0)); they start afresh"] } ?? []
        if let mismatch = scope.mismatch {
            problems.append("the code changed since their operators' states were saved: \(mismatch); inputs that read another value than their saved one are set to it")
        }
        if hadSeeds {
            for slot in slots {
                if case let .notCodable(typeName) = slot.outcome {
                    problems.append("slot \(slot.index) (\(slot.signature)) is not restored after a restart: \(typeName) is not Codable")
                }
            }
        }
        self.problems = problems
        // A seeded slot holds its saved state: nothing to write until it changes — unless the
        // saved rows are dropped to be written anew, seeded ones among them.
        let saved = slots.filter(Self.isSaved)
        let replace = scope.mismatch != nil || seeds.count != saved.count || saved.contains { $0.outcome != .seeded }
        self.saved = saved
        replaceScope = replace
        recorded = saved.map { $0.outcome == .seeded && !replace ? 0 : nil }
    }

    /// Builds view models with `make`, inside one restoration scope named `scope`, seeded from
    /// `store`'s saved slot states (none: fresh).
    public static func build<Built>(from store: InputStore?, scope name: String = "view models",
                                    _ make: () throws -> Built) rethrows -> (built: Built, slots: ViewModelSlots) {
        var saved: [PersistedSeed] = []
        var readFailure: String?
        if let store {
            do throws(StoreError) { saved = try store.loadSeeds()[name] ?? [] } catch { readFailure = "\(StorageFault(error))" }
        }
        let seeds = saved.map { seed in
            let bytes = Data(seed.json.utf8)
            return RestorationSeed(index: seed.slot, signature: seed.signature) { type in try JSONDecoder().decode(type, from: bytes) }
        }
        let (built, scope) = try RestorationScope.building(from: seeds, make)
        return (built, ViewModelSlots(scopeName: name, scope: scope, seeds: saved, readFailure: readFailure))
    }

    /// One line per slot that could not be restored, and why (see the type's notes), each
    /// naming `viewModels`, the view models built in the scope.
    public func startReport(naming viewModels: [String]) -> [String] {
        let names = viewModels.joined(separator: ", ")
        return problems.map { "\(names): \($0)" }
    }

    /// Records into `batch`, for the next commit, the state of every slot that changed since it was last
    /// recorded (each encoded as JSON now, on the host's scheduler); returns whether any was.
    /// A state that cannot be encoded (a non-finite number) keeps its saved row.
    @discardableResult
    package func recordChanged(in batch: inout GroupCommit.Batch) -> Bool {
        var any = false
        if replaceScope {
            batch.replaceSeeds(ofScope: scopeName)
            replaceScope = false
            any = true
        }
        let encoder = JSONEncoder()
        for (index, slot) in saved.enumerated() {
            let (changes, value) = slot.current()
            guard recorded[index] != changes else { continue }
            recorded[index] = changes
            guard let state = value as? any Encodable, let json = try? encoder.encode(state) else { continue }
            batch.record(seed: PersistedSeed(scope: scopeName, slot: slot.index, signature: slot.signature,
                                              json: String(decoding: json, as: UTF8.self)))
            any = true
        }
        return any
    }

    /// Whether a slot's state is saved: it is `Codable`, and not a list's (see the type's notes).
    private static func isSaved(_ slot: RestorationSlot) -> Bool {
        if case .notCodable = slot.outcome { return false }
        return !slot.signature.hasPrefix("MutableListProperty:")
    }

    /// Has the next ``recordChanged(in:)`` write the scope whole (its rows dropped and every
    /// slot written): after a failed commit dropped recorded states, or for a fresh file.
    package func recordAllAgain() {
        recorded = recorded.map { _ in nil }
        replaceScope = true
    }
}
