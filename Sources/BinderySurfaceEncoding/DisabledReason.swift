import Bindery
import BinderyJSON

/// Why a command cannot run now, in the words of its surface: it is executing, or what its
/// enabled state derives from (`enabledDerivesFrom`, read from the code's composition) holds
/// values that keep it off — an input's value, an output's value traced one step back through
/// its `derivesFrom` to the inputs a person can change, another command that is executing.
package enum DisabledReason {
    /// "login.login is already executing (for 0.4 s)" or "signin.login is not enabled now:
    /// isValid is false — it derives from username = "ab", password = """.
    package static func message(surface: Surface, command index: Int, executingSeconds: Double?,
                        inputs: [SurfaceValue], outputs: [SurfaceValue]) -> String {
        let command = surface.commands[index]
        let target = surface.name + "." + command.name
        if command.isExecuting.value {
            let elapsed = executingSeconds.map { " (for \(Self.seconds($0)))" } ?? ""
            return "\(target) is already executing\(elapsed)"
        }
        let causes = command.enabledDerivesFrom.compactMap { name -> String? in
            if let i = surface.inputs.firstIndex(where: { $0.name == name }) {
                return "\(name) = \(shown(surface.inputs[i].disclosed(inputs[i])))"
            }
            if let other = surface.commands.first(where: { $0.name == name }) {
                return other.isExecuting.value ? "\(name) is executing" : nil
            }
            guard let o = surface.outputs.firstIndex(where: { $0.name == name }) else { return nil }
            var cause = "\(name) is \(shown(outputs[o]))"
            let sources = surface.outputs[o].derivesFrom.compactMap { source -> String? in
                guard let i = surface.inputs.firstIndex(where: { $0.name == source }) else { return nil }
                return "\(source) = \(shown(surface.inputs[i].disclosed(inputs[i])))"
            }
            if !sources.isEmpty { cause += " — it derives from " + sources.joined(separator: ", ") }
            return cause
        }
        if causes.isEmpty {
            // The surface names nothing it derives from; what is running beside it is a fact
            // worth stating (products.loadMore is off while products.refresh runs).
            let running = surface.commands.filter { $0.isExecuting.value }.map { surface.name + "." + $0.name }
            return "\(target) is not enabled now" + (running.isEmpty ? "" : " (while \(running.joined(separator: ", ")) is executing)")
        }
        return "\(target) is not enabled now: " + causes.joined(separator: "; ")
    }

    /// A value as JSON, cut to 24 characters so a long input does not flood the message.
    private static func shown(_ value: SurfaceValue) -> String {
        let json = String(decoding: JSONWriter.encode(value), as: UTF8.self)
        return json.count <= 24 ? json : String(json.prefix(24)) + "…"
    }

    private static func seconds(_ s: Double) -> String {
        let tenths = Int((s * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
