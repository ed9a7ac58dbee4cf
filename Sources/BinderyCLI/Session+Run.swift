import BinderyJSON
import BinderyProtocol

/// `run`: checks the command and its argument, waits with a live status line, and turns the
/// first Ctrl-C into the daemon's `interrupt` op (a second stops waiting).
extension Session {
    func run(_ connection: DaemonConnection, vm: String, command: String, argument: Token?, wait: Bool)
        throws(ConnectionError) -> CommandOutcome
    {
        let target = "\(vm).\(command)"
        var fields: [(ControlField, JSONValue)] = [(.vm, .string(vm)), (.name, .string(command))]
        // Without an argument the daemon checks the names itself: no `describe` first. An
        // argument is parsed here by the command's described argument type.
        if let argument {
            switch try checkedArgument(connection, vm: vm, command: command, argument: argument) {
            case let .refused(outcome): return outcome
            case let .accepted(value): if let value { fields.append((.arg, value)) }
            }
        }
        if !wait { fields.append((.wait, .bool(false))) }
        // A Ctrl-C pressed before this run is forgotten before the request goes out: cleared
        // after it, a Ctrl-C pressed as the run started would be lost.
        _ = interrupts.take()
        let pending = try connection.send(op: .run, fields)
        // The first Ctrl-C asks the daemon to interrupt the run (the `interrupt` op) and goes
        // on waiting for how it ends; a second one stops waiting.
        var interrupting = false
        let interrupts = self.interrupts, io = self.io, style = options.style
        let result = pending.wait { elapsed in
            if interrupts.take() {
                guard wait, !interrupting else { return false }
                interrupting = true
                _ = try? connection.send(op: .interrupt, [(.vm, .string(vm)), (.name, .string(command))])
            }
            if wait {
                let line = interrupting
                    ? style.yellow("interrupting \(target)…") + " " + Self.seconds(elapsed) + style.dim("  (Ctrl-C again stops waiting)")
                    : style.yellow("executing \(target)…") + " " + Self.seconds(elapsed) + style.dim("  (Ctrl-C interrupts it)")
                io.status(line)
            }
            return true
        }
        io.status(nil)
        guard let result else {
            let message = "stopped waiting; \(target) may still be running (`watch` or `log` shows how it ends)"
            if options.json { return fail(.interrupted, message) }
            io.print(message)
            return .succeeded
        }
        let reply = try result.get()
        if argument == nil, !reply.ok, [.unknownCommand, .unknownInput, .invalidArgument].contains(reply.errorCode),
           case let .refused(outcome) = try checkedArgument(connection, vm: vm, command: command, argument: nil) {
            // The daemon refused the name or the missing argument: worded as binderyctl words
            // them for every command (did-you-mean among the commands, the argument's name
            // and type), from the surface asked for only now.
            return outcome
        }
        return report(reply) { value in
            wait ? renderer.finished(vm: vm, command: command, reply: value)
                 : ["started \(target) (not waiting; `watch` or `log` shows how it ends)"]
        }
    }

    /// What binderyctl's own checks of a run make of its command and argument.
    enum CheckedArgument {
        /// Refused here (the outcome is reported).
        case refused(CommandOutcome)
        /// The argument to send, parsed by its type (nil: none).
        case accepted(JSONValue?)
    }

    /// Checks `command` and `argument` against `vm`'s described surface (asked for once per
    /// session), parsing the argument by its type.
    func checkedArgument(_ connection: DaemonConnection, vm: String, command: String, argument: Token?)
        throws(ConnectionError) -> CheckedArgument
    {
        let surface: ViewModelSurface
        switch try names.check(command, kind: .command, in: vm) {
        case let .success(found): surface = found
        case let .failure(refusal): return .refused(report(refusal))
        }
        let target = "\(vm).\(command)"
        guard let spec = surface.command(command) else { return .accepted(nil) }
        switch (argument, spec.argumentName) {
        case (nil, let name?):
            return .refused(fail(.invalidArgument, "\(target) needs an argument: \(name) (\(spec.argumentType?.rawValue ?? "value")), e.g. run \(target) 0"))
        case (let token?, nil) where surface.isDescribed:
            return .refused(fail(.invalidArgument, "\(target) takes no argument (got \(Excerpt.quoted(token.text, quote: Excerpt.singleQuoted)))"))
        case (let token?, _):
            do {
                // A type this client does not know is sent as typed, for the daemon to judge.
                let value = try spec.argumentType?.parse(token.text, for: target, argument: spec.argumentName ?? "its argument")
                return .accepted(value ?? .string(token.text))
            } catch {
                return .refused(fail(.invalidArgument, error.message))
            }
        case (nil, nil):
            return .accepted(nil)
        }
    }

    /// "1.4 s": tenths of a second, rounded down, for the live status line.
    static func seconds(_ s: Double) -> String {
        let tenths = Int((s * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
