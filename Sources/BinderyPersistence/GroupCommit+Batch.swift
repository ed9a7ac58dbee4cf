import Bindery

extension GroupCommit {
    /// An input by position: view model index, input index.
    package struct Key: Hashable, Sendable {
        package let viewModel: Int
        package let input: Int

        package init(viewModel: Int, input: Int) {
            self.viewModel = viewModel
            self.input = input
        }
    }

    /// A member row by view model index, kind and name.
    package struct MemberKey: Hashable, Sendable {
        package let viewModel: Int
        package let kind: PersistedMember.Kind
        package let name: String

        package init(viewModel: Int, kind: PersistedMember.Kind, name: String) {
            self.viewModel = viewModel
            self.kind = kind
            self.name = name
        }
    }

    /// A member's row, its JSON made on the writer (nil: it could not be encoded; skipped).
    package struct MemberRow: Sendable {
        let viewModel: String
        let json: @Sendable () -> String?

        package init(viewModel: String, json: @escaping @Sendable () -> String?) {
            self.viewModel = viewModel
            self.json = json
        }
    }

    /// Called with nil once durable, or with the fault that prevented it.
    package typealias Waiter = @Sendable (StorageFault?) -> Void

    /// What one transaction writes: the changes of one or more versions (a later change of an
    /// input or member replaces the earlier), their events and history rows in order, the
    /// publications that show them and the waiters to tell once they are durable. A version
    /// is recorded into one on the scheduler and handed whole to ``GroupCommit``.
    package struct Batch: Sendable {
        /// An input's row and the value it holds.
        package struct InputRow: Sendable {
            package let persisted: PersistedInput
            package let value: SurfaceValue
        }

        /// A stored list's edits in a batch, in order (from its last `.replaced`); rows
        /// encoded on the writer.
        struct ListEdits: Sendable {
            let viewModel: String
            var edits: [ListChange<EncodableSnapshot>]
        }

        /// A slot state's row: its scope and slot.
        struct SeedKey: Hashable, Sendable {
            let scope: String
            let slot: Int
        }

        package internal(set) var inputs: [Key: InputRow] = [:]
        var members: [MemberKey: MemberRow] = [:]
        var lists: [MemberKey: ListEdits] = [:]
        package internal(set) var events: [(version: UInt64, json: [UInt8])] = []
        package internal(set) var history: [(version: UInt64, checkpoint: Bool, json: [UInt8])] = []
        /// Slot states by scope and slot (a later one replaces the earlier).
        var seeds: [SeedKey: PersistedSeed] = [:]
        /// Scopes whose saved slot states are dropped before `seeds` are written.
        var replacedSeedScopes: Set<String> = []
        /// The newest version it makes durable (0: none).
        package internal(set) var version: UInt64 = 0
        /// Carries the whole state, for a fresh file.
        package internal(set) var whole = false
        /// Show its versions, in order, once durable.
        package internal(set) var publications: [@Sendable () -> Void] = []
        /// Told once it is durable, or of the fault that kept it from the disk.
        package internal(set) var waiters: [Waiter] = []

        /// An empty batch.
        package init() {}

        /// Whether it has anything to write (waiters alone are not).
        package var hasWork: Bool {
            version > 0 || !inputs.isEmpty || !members.isEmpty || !lists.isEmpty || !events.isEmpty || !history.isEmpty
                || !seeds.isEmpty || !replacedSeedScopes.isEmpty
        }

        /// The members it writes (what a failed commit has the host record again).
        var memberKeys: Set<MemberKey> { Set(members.keys).union(lists.keys) }

        /// Records that `key` holds `value` (`persisted` is its row).
        package mutating func record(_ key: Key, value: SurfaceValue, persisted: PersistedInput) {
            inputs[key] = InputRow(persisted: persisted, value: value)
        }

        /// Records that the member `key` holds what `row` encodes.
        package mutating func record(_ key: MemberKey, _ row: MemberRow) {
            members[key] = row
        }

        /// Records edits of the stored list `key` (after those recorded before; a `.replaced`
        /// makes the earlier ones moot).
        package mutating func record(_ key: MemberKey, viewModel: String, edits: [ListChange<EncodableSnapshot>]) {
            if let last = edits.lastIndex(where: \.isReplacement) {
                lists[key] = ListEdits(viewModel: viewModel, edits: Array(edits[last...]))
            } else {
                lists[key, default: ListEdits(viewModel: viewModel, edits: [])].edits += edits
            }
        }

        /// Records the state of a view model's stateful operator (its JSON made by the host).
        package mutating func record(seed: PersistedSeed) {
            seeds[SeedKey(scope: seed.scope, slot: seed.slot)] = seed
        }

        /// Drops every saved slot state of `scope`, before the slot states recorded for it
        /// (a construction that no longer matches them is saved anew).
        package mutating func replaceSeeds(ofScope scope: String) {
            replacedSeedScopes.insert(scope)
            seeds = seeds.filter { $0.key.scope != scope }
        }

        /// Records version `version` with its logged events and its history rows (its
        /// change-feed entries, and at a checkpoint its whole document); `publication` shows it
        /// once it is durable.
        package mutating func record(version: UInt64, events: [[UInt8]], history: [(checkpoint: Bool, json: [UInt8])] = [],
                                     publication: @escaping @Sendable () -> Void) {
            self.version = max(self.version, version)
            for json in events { self.events.append((version, json)) }
            for row in history { self.history.append((version, row.checkpoint, row.json)) }
            publications.append(publication)
        }

        /// Puts `events` (logged before anything in the batch, oldest first) ahead of its
        /// events, and `version` as its version at least: a fresh file gets the log.
        package mutating func recordLoggedEvents(_ events: [(version: UInt64, json: [UInt8])], version: UInt64) {
            self.events.insert(contentsOf: events, at: 0)
            self.version = max(self.version, version)
        }

        /// Tells `waiter` once the batch is durable (nil), or of the fault that kept it from the disk.
        package mutating func whenDurable(_ waiter: @escaping Waiter) {
            waiters.append(waiter)
        }

        /// This batch followed by `later`: the later value of each input and member, the list
        /// edits, events and history rows of both in order, every publication and waiter.
        func merged(then later: Batch) -> Batch {
            var batch = self
            for (key, row) in later.inputs { batch.inputs[key] = row }
            for (key, row) in later.members { batch.members[key] = row }
            for (key, list) in later.lists {
                if list.edits.contains(where: \.isReplacement) {
                    batch.lists[key] = list
                } else {
                    batch.lists[key, default: ListEdits(viewModel: list.viewModel, edits: [])].edits += list.edits
                }
            }
            batch.events += later.events
            batch.history += later.history
            if !later.replacedSeedScopes.isEmpty {
                batch.seeds = batch.seeds.filter { !later.replacedSeedScopes.contains($0.key.scope) }
                batch.replacedSeedScopes.formUnion(later.replacedSeedScopes)
            }
            for (key, seed) in later.seeds { batch.seeds[key] = seed }
            batch.version = max(version, later.version)
            batch.whole = whole || later.whole
            batch.publications += later.publications
            batch.waiters += later.waiters
            return batch
        }

        /// What the store writes for it, its members' and lists' rows encoded now (on the
        /// writer): a member that cannot be encoded is skipped, and a list with a row that
        /// cannot be (a non-finite number) keeps its saved rows.
        func stateBatch(historyBudget: Int) -> StateBatch {
            var state = StateBatch()
            state.inputs = inputs.values.map(\.persisted).sorted { ($0.changed, $0.viewModel, $0.input) < ($1.changed, $1.viewModel, $1.input) }
            state.members = members.compactMap { key, row in
                row.json().map { PersistedMember(viewModel: row.viewModel, kind: key.kind, name: key.name, json: $0) }
            }
            state.listEdits = lists.compactMap { key, list in
                let encoded = list.edits.compactMap { edit -> ListChange<String>? in
                    var failed = false
                    let change = edit.map { row in row.json ?? { failed = true; return "" }() }
                    return failed ? nil : change
                }
                return encoded.count == list.edits.count ? (list.viewModel, key.name, encoded) : nil
            }
            state.events = events
            state.seeds = seeds.values.sorted { ($0.scope, $0.slot) < ($1.scope, $1.slot) }
            state.replacedSeedScopes = replacedSeedScopes.sorted()
            state.history = history
            state.historyBudget = historyBudget
            state.version = version
            return state
        }
    }
}

private extension ListChange {
    var isReplacement: Bool { if case .replaced = self { true } else { false } }
}
