/// Everything a host needs to list, describe, read, set, run and observe a view model:
/// its named inputs, outputs and commands, and what each derives from.
public struct Surface: Sendable {
    /// The view model's name, unique within a host.
    public let name: String
    /// Its inputs, in display order.
    public let inputs: [SurfaceInput]
    /// Its outputs, in display order.
    public let outputs: [SurfaceOutput]
    /// Its commands, in display order.
    public let commands: [SurfaceCommand]

    /// A surface; names must be unique within each kind.
    public init(name: String, inputs: [SurfaceInput] = [], outputs: [SurfaceOutput] = [], commands: [SurfaceCommand] = []) {
        precondition(Set(inputs.map(\.name)).count == inputs.count, "\(name): input names must be unique")
        precondition(Set(outputs.map(\.name)).count == outputs.count, "\(name): output names must be unique")
        precondition(Set(commands.map(\.name)).count == commands.count, "\(name): command names must be unique")
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.commands = commands
    }

    /// The input called `name`, or an error naming the closest one.
    public func input(named name: String) throws(SurfaceError) -> SurfaceInput {
        guard let input = inputs.first(where: { $0.name == name }) else {
            throw SurfaceError(.unknownInput, "unknown input '\(name)' in \(self.name)" + Suggestion.didYouMean(name, among: inputs.map(\.name)))
        }
        return input
    }

    /// The output called `name`, or an error naming the closest one.
    public func output(named name: String) throws(SurfaceError) -> SurfaceOutput {
        guard let output = outputs.first(where: { $0.name == name }) else {
            throw SurfaceError(.unknownOutput, "unknown output '\(name)' in \(self.name)" + Suggestion.didYouMean(name, among: outputs.map(\.name)))
        }
        return output
    }

    /// The command called `name`, or an error naming the closest one.
    public func command(named name: String) throws(SurfaceError) -> SurfaceCommand {
        guard let command = commands.first(where: { $0.name == name }) else {
            throw SurfaceError(.unknownCommand, "unknown command '\(name)' in \(self.name)" + Suggestion.didYouMean(name, among: commands.map(\.name)))
        }
        return command
    }
}

/// "Did you mean …?" for names typed wrong.
public enum Suggestion {
    /// The candidate closest to `name` by edit distance, if it is close enough to be a typo.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let tolerance = max(2, name.count / 3)
        return best.1 <= tolerance ? best.0 : nil
    }

    /// " — did you mean 'x'?" when there is a close candidate, else "".
    public static func didYouMean(_ name: String, among candidates: [String]) -> String {
        closest(to: name, among: candidates).map { " — did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance between two strings, by characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
