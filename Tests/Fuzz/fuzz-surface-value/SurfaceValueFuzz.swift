import Bindery
import BinderyJSON
import FuzzSupport
import FuzzViewModels

/// The surface's value decoder (Bindery) on any bytes: how a `set`'s `text` (as a person typed
/// it) or `value` (JSON) becomes the value of an input of each kind — a scalar with a
/// constraint, a date, a URL, a UUID, an optional, a raw-value enum, a `Codable` struct, array
/// or dictionary (``TripViewModel``) — and how a command's argument is checked. The first byte
/// picks the input or command, the second whether the rest is typed text or JSON.
///
/// Beyond not trapping, it checks that a refusal is one line, and that a value accepted is
/// accepted again as itself in the form the input shows it, directly and through its JSON
/// text (what is persisted and read back at start): so a value survives any number of
/// restarts, and setting it writes what was shown.
enum SurfaceValueFuzz {
    static let surface = TripViewModel().surface

    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let member = input.choice(surface.inputs.count + surface.commands.count)
        let asText = input.byte() & 1 == 0
        let rest = input.rest()
        let value: SurfaceValue?
        if asText {
            value = nil
        } else {
            guard let json = try? JSONParser.parse(rest) else { return }
            value = SurfaceValue(json: json)
        }
        guard member < surface.inputs.count else {
            let command = surface.commands[member - surface.inputs.count]
            // Typed text as binderyctl reads a `run`'s argument, by the argument's type.
            let typed = command.argument.flatMap { argument in
                try? argument.type.parse(String(decoding: rest, as: UTF8.self), for: "trip.\(command.name)", argument: argument.name)
            }
            do {
                _ = try command.validate(argument: value ?? typed.map(SurfaceValue.init(json:)), viewModel: "trip")
            } catch {
                checkOneLine(error)
            }
            return
        }
        let target = surface.inputs[member]
        let accepted: AcceptedValue
        do {
            if let value {
                accepted = try target.accept(value, viewModel: "trip")
            } else {
                accepted = try target.acceptParsing(String(decoding: rest, as: UTF8.self), viewModel: "trip")
            }
        } catch {
            return checkOneLine(error)
        }
        let shown = accepted.value
        guard let again = try? target.validate(shown, viewModel: "trip") else {
            preconditionFailure("\(target.name) refuses the value it shows: \(shown)")
        }
        precondition(again == shown, "\(target.name) shows \(shown), then \(again) for it")
        let stored = JSONWriter.encode(shown)
        guard let reread = try? JSONParser.parse(stored),
              let restored = try? target.validate(SurfaceValue(json: reread), viewModel: "trip") else {
            preconditionFailure("\(target.name) refuses its stored value \(String(decoding: stored, as: UTF8.self))")
        }
        precondition(restored == shown, "\(target.name) restores \(restored) for \(shown)")
        target.set(accepted: accepted)
        precondition(target.value == shown, "\(target.name) holds \(target.value) after being set to \(shown)")
    }

    private static func checkOneLine(_ error: SurfaceError) {
        precondition(!error.message.contains("\n"), "a refusal of more than one line: \(error.message)")
    }
}

/// The harness program (see ``FuzzMain``).
@main enum Harness {
    static func main() {
        FuzzMain.run { data, size in
            SurfaceValueFuzz.check(FuzzMain.bytes(data, size))
            return 0
        }
    }
}
