import Bindery
import BinderyPersistence

/// One scheduler turn's changes, as one value: gathered on the scheduler by the observations,
/// sets and runs, and taken whole by the flush that makes them a version
/// (``ViewModelHost/flush()``), which turns them into the group commit's batch.
struct PendingVersion {
    /// The turn's events, in order: a cause before its effects.
    var events: [HostEvent] = []
    /// Where the coalescing `change` event of each member is in ``events``.
    var changeIndex: [HostState.ChangeKey: Int] = [:]
    /// Replies waiting for the version that shows their change, then for it to be durable:
    /// called with the version, or the fault that kept the change from the disk.
    var replies: [@Sendable (Result<UInt64, StorageFault>) -> Void] = []
    /// Clients' sets, whose bytes the flush fills in from the state's.
    var sets: [HostState.PendingSet] = []
    /// Inputs that changed (to be persisted).
    var inputs: Set<GroupCommit.Key> = []
    /// Stored members that changed (to be persisted).
    var stores: Set<HostState.StoreKey> = []
    /// The edits of stored lists, in order (a list is saved row by row).
    var listEdits: [HostState.StoreKey: [ListChange<EncodableSnapshot>]] = [:]
    /// Commands whose state changed (to be persisted).
    var commands: Set<HostState.ChangeKey> = []
    /// Outputs that changed (to be persisted).
    var outputs: Set<HostState.ChangeKey> = []
    /// The edits of list outputs that report them (``SurfaceOutput/rowChanges``), in order;
    /// their rows live only in the encoder (``HostState/values`` holds an empty list for
    /// them), so an edit is never a whole-list copy or comparison.
    var rowChanges: [HostState.ChangeKey: [ListChange<SurfaceValue>]] = [:]
    /// Members whose values changed, in first-change order: the flush re-encodes them.
    private(set) var members: [HostState.ChangeKey] = []
    private var memberSet: Set<HostState.ChangeKey> = []

    /// Notes that a member's value changed.
    mutating func memberChanged(_ key: HostState.ChangeKey) {
        if memberSet.insert(key).inserted { members.append(key) }
    }

    /// Forgets the changes to persist (inputs, stored members, list edits, commands, outputs):
    /// they were recorded with the whole state.
    mutating func forgetChangesToPersist() {
        inputs.removeAll()
        stores.removeAll()
        listEdits.removeAll()
        commands.removeAll()
        outputs.removeAll()
    }
}
