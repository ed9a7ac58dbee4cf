import BinderyCLI
import Glibc

/// binderyctl: the REPL over binderyd's control socket. See `binderyctl --help`.
let environment: [String: String] = {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let eq = text.firstIndex(of: "=") { result[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
        pointer += 1
    }
    return result
}()

let invocation: Invocation
do {
    invocation = try Invocation.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    StandardStreams.write("binderyctl: \(error.message)\nTry binderyctl --help.\n", to: 2)
    exit(Invocation.ExitCode.usage.rawValue)
}
if invocation.showHelp {
    StandardStreams.write(Invocation.helpText() + "\n")
    exit(0)
}
if invocation.showVersion {
    StandardStreams.write(Invocation.version + "\n")
    exit(0)
}

Signals.install()
let style = Style.forOutput(isTerminal: isatty(1) == 1 && !invocation.json, environment: environment)
let socketPath: String
switch SocketLocator.locate(explicit: invocation.socketPath, environment: environment) {
case let .path(path):
    socketPath = path
case let .unreachable(attempts):
    if let line = invocation.completionLine {
        // Completion still offers the command words without a daemon.
        StandardStreams.write(Completer(catalog: SurfaceCache { nil }).shellWords(linePrefix: line))
        exit(0)
    }
    StandardStreams.write(style.error(SocketLocator.unreachableMessage(attempts)) + "\n", to: 2)
    exit(Invocation.ExitCode.unreachable.rawValue)
}
if let line = invocation.completionLine {
    let connection = try? ControlConnection(path: socketPath)
    StandardStreams.write(Completer(catalog: SurfaceCache { connection }).shellWords(linePrefix: line))
    connection?.close()
    exit(0)
}
let interactive = invocation.commands.isEmpty && isatty(0) == 1
let io = interactive ? InteractiveShell.io() : SessionIO(
    print: { StandardStreams.write($0 + "\n") },
    error: { StandardStreams.write($0 + "\n", to: 2) },
    notice: { StandardStreams.write($0 + "\n") },
    status: { _ in })
let session = Session(
    options: .init(socketPath: socketPath, json: invocation.json, interactive: interactive, style: style),
    io: io, interrupts: Signals.interrupts)

do {
    _ = try session.connect()
} catch {
    StandardStreams.write(style.error(error.description) + "\n", to: 2)
    exit(Invocation.ExitCode.unreachable.rawValue)
}

if interactive {
    StandardStreams.write("connected to binderyd at \(socketPath). Type help; Tab completes; Ctrl-D leaves.\n")
    InteractiveShell(session: session, history: HistoryFile(environment: environment)).run()
    exit(0)
}

// Scripts: -c commands in order, else one command per stdin line.
var commands = invocation.commands[...]
let code = ScriptRunner.run(session, keepGoing: invocation.keepGoing) {
    invocation.commands.isEmpty ? readLine(strippingNewline: true) : commands.popFirst()
}
exit(code.rawValue)
