import Bindery

/// Brings inputs to given values so that afterwards each READS its value, even when setting
/// one input changes others (a two-way binding such as compass's A ⇄ B).
///
/// Setting the targets once, in any fixed order, is not enough: with compass holding
/// A = "西", B = "東", setting A then B would end with A = "東". So an input that already
/// reads its target is skipped, and rounds repeat — each setting only the inputs that still
/// differ — until none differs or `targets.count + 1` rounds have passed. The first round is
/// one ``PropertyTransaction``: every input it sets holds its value before anything observing
/// any of them runs, so no work it starts reads a half-restored state — which settles every
/// input that no other input sets. Later rounds, needed only by inputs that set each other,
/// set one input at a time: inside a transaction both sides of a two-way binding would be
/// delivered after both were stored, each overwriting the other, and never settle (compass
/// restored to A = B = "西" read "東" twice after a restart). Used to restore the
/// persisted state at start, to put the durable state back after a failed commit, and for a
/// client's `restore` of a past version: one rule for all three. Must run on the view
/// models' scheduler.
enum InputSettler {
    /// One input and the value it must read.
    struct Target {
        let viewModel: String
        let input: SurfaceInput
        let value: SurfaceValue
    }

    /// Sets `targets` (in order, rounds as described) and returns the ones that still read
    /// another value, or whose value the input refused.
    static func settle(_ targets: [Target]) -> [Target] {
        guard !targets.isEmpty else { return [] }
        for round in 0...targets.count {
            var setAny = false
            let setWhatDiffers = {
                for target in targets where target.input.value != target.value {
                    if (try? target.input.set(target.value, viewModel: target.viewModel)) != nil { setAny = true }
                }
            }
            if round == 0 { PropertyTransaction.run(setWhatDiffers) } else { setWhatDiffers() }
            if !setAny { break }
        }
        return targets.filter { $0.input.value != $0.value }
    }
}
