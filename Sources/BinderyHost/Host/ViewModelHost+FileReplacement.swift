import Bindery
import BinderyPersistence

/// A state database deleted, replaced or truncated behind the daemon's back: the host holds
/// the truth in memory, so the group commit writes all of it into a fresh file (see
/// ``GroupCommit``'s notes) and nothing acknowledged before or after is lost.
extension ViewModelHost {
    /// Logs, once per replacement, that the file is gone and is being written anew.
    func stateFileReplaced(_ how: String) {
        logger?.error("the state database \(InputStore.fileName) was \(how) while running; writing the whole state into a fresh file (what was at the path is kept beside it as \(InputStore.fileName).replaced-<seconds>)")
    }

    /// Every stored member, command and output as it is now, the event log and the current
    /// version, for the group commit (which adds the inputs it holds itself). Asked for only
    /// with every applied change flushed, so what it holds is the state of that version.
    func wholeState() -> GroupCommit.Batch {
        var members: Set<GroupCommit.MemberKey> = []
        for (vm, surface) in surfaces.enumerated() {
            for member in storedMembers[vm] { members.insert(GroupCommit.MemberKey(viewModel: vm, kind: .store, name: member.name)) }
            for command in surface.commands { members.insert(GroupCommit.MemberKey(viewModel: vm, kind: .command, name: command.name)) }
            for output in surface.outputs { members.insert(GroupCommit.MemberKey(viewModel: vm, kind: .output, name: output.name)) }
        }
        recordAgain(members)
        slots?.recordAllAgain()
        var batch = GroupCommit.Batch()
        recordChanges(of: state.turn, in: &batch, version: state.version)
        // Recorded here: the next version need not write them again.
        state.turn.forgetChangesToPersist()
        batch.recordLoggedEvents(publisher.recentEvents(eventLogCapacity).map { ($0.version, $0.json) }, version: state.version)
        return batch
    }

    /// Tells the group commit which input rows the database held at start.
    func assumeStored(_ inputs: [PersistedInput]) {
        for row in inputs {
            guard let vm = surfaces.firstIndex(where: { $0.name == row.viewModel }),
                  let input = surfaces[vm].inputs.firstIndex(where: { $0.name == row.input }) else { continue }
            state.commits.assumeStored(GroupCommit.Key(viewModel: vm, input: input), row)
        }
    }
}
