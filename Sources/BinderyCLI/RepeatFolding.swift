/// `watch`'s folding of repeats: a line — or a group of up to ``longestGroup`` lines, such as
/// a timer's `start` and `finish` — that comes again identical (by its key: the event without
/// its version, time and duration) is not printed again; a count line says how often it came
/// and when last.
///
/// Guarantees: every line is either printed or counted, in order; a group is counted only
/// when all its lines came again, in order — a repetition broken part way prints the lines it
/// held back, then the new one. Where lines can be rewritten (`rewrites`: a terminal that
/// `watch` owns) one count line, "… repeated N times, last at T", follows the group and is
/// rewritten at each repetition. Elsewhere (a pipe, a file, the REPL whose prompt and
/// results interleave) lines are never rewritten: as syslog's "last message repeated N
/// times", a count line is printed when the repeats end (a different line, or the watch
/// ends), and at most every `summaryInterval` seconds while they go on, each counting the
/// repeats since the one before ("N more times").
package struct RepeatFolding: Sendable {
    /// What to write.
    package enum Output: Equatable, Sendable {
        /// A new line.
        case line(String)
        /// Replaces the last line written (a count line) with this one.
        case replaceLast(String)
    }

    /// The most lines a repeated group may have.
    package static let longestGroup = 4

    private let rewrites: Bool
    private let summaryInterval: Double
    /// Keys of the last lines printed, newest last (at most ``longestGroup``).
    private var recent: [String] = []
    /// The keys of the group being folded (empty: none).
    private var group: [String] = []
    /// Lines of a repetition under way, held back until it is whole.
    private var held: [String] = []
    /// Repetitions folded since the group was printed.
    private var repeats = 0
    /// Repetitions already said by a count line (without rewrites).
    private var said = 0
    private var lastClock = ""
    private var countShown = false
    private var summarizedAt = 0.0

    /// `rewrites`: the last line can be replaced; `summaryInterval`: without rewrites, the
    /// most seconds between count lines while repeats go on.
    package init(rewrites: Bool, summaryInterval: Double = 30) {
        self.rewrites = rewrites
        self.summaryInterval = summaryInterval
    }

    /// The output for `line`, whose repeats have the same `key`, logged at `clock` (shown)
    /// and `time` (seconds).
    package mutating func add(_ line: String, key: String, clock: String, time: Double) -> [Output] {
        var output: [Output] = []
        if !group.isEmpty {
            if key == group[held.count] {
                held.append(line)
                guard held.count == group.count else { return [] }
                held = []
                repeats += 1
                lastClock = clock
                if rewrites {
                    let text = countLine(repeats, more: false)
                    defer { countShown = true }
                    return [countShown ? .replaceLast(text) : .line(text)]
                }
                if said == 0 && repeats == 1 { summarizedAt = time }
                guard time - summarizedAt >= summaryInterval else { return [] }
                return summary(at: time)
            }
            output = endGroup()
        }
        // A line that comes again P lines after itself may begin a repetition of those P lines.
        if let period = (1...Self.longestGroup).first(where: { recent.count >= $0 && recent[recent.count - $0] == key }) {
            group = Array(recent.suffix(period))
            return output + add(line, key: key, clock: clock, time: time)
        }
        output.append(.line(line))
        remember(key)
        return output
    }

    /// The output when the watch ends: the count of repeats not yet said, the lines held back.
    package mutating func finish() -> [Output] {
        group.isEmpty ? [] : endGroup()
    }

    /// Ends the group: a count line for repeats not yet said (without rewrites), then the
    /// lines of a repetition broken part way.
    private mutating func endGroup() -> [Output] {
        var output: [Output] = []
        if !rewrites && repeats > said { output.append(.line(countLine(repeats - said, more: said > 0))) }
        output += held.map(Output.line)
        recent = group + group.prefix(held.count)
        recent = Array(recent.suffix(Self.longestGroup))
        group = []; held = []; repeats = 0; said = 0; countShown = false
        return output
    }

    private mutating func summary(at time: Double) -> [Output] {
        defer { said = repeats; summarizedAt = time }
        return [.line(countLine(repeats - said, more: said > 0))]
    }

    private mutating func remember(_ key: String) {
        recent.append(key)
        if recent.count > Self.longestGroup { recent.removeFirst() }
    }

    /// "  … repeated 4 times, last at 21:40:02.120"; of a group, "the last 2 lines repeated …".
    private func countLine(_ count: Int, more: Bool) -> String {
        let what = group.count == 1 ? "" : "the last \(group.count) lines "
        let times = "\(count)\(more ? " more" : "") time\(count == 1 ? "" : "s")"
        return "  … \(what)repeated \(times), last at \(lastClock)"
    }
}
