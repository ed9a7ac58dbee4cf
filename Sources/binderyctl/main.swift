import BinderyCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import BinderyPrimitives

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
    let message = SocketLocator.unreachableMessage(attempts)
    if invocation.json {
        // With --json, the one reply is an error reply.
        StandardStreams.write(DaemonReply(localFailure: .unavailable, message).raw + "\n")
    } else {
        StandardStreams.write(style.error(message) + "\n", to: 2)
    }
    exit(Invocation.ExitCode.unreachable.rawValue)
}
if let line = invocation.completionLine {
    let connection = try? DaemonConnection(path: socketPath)
    StandardStreams.write(Completer(catalog: SurfaceCache { connection }).shellWords(linePrefix: line))
    connection?.close()
    exit(0)
}
if let file = invocation.checkFile {
    let text: String
    switch WholeFile.text(file) {
    case let .success(read): text = read
    case let .failure(error):
        StandardStreams.write("binderyctl: \(error.message)\n", to: 2)
        exit(Invocation.ExitCode.usage.rawValue)
    }
    let transcript = Transcript(parsing: text, markdown: file.hasSuffix(".md"))
    let (report, code) = TranscriptChecker.check(transcript, name: file, socketPath: socketPath)
    StandardStreams.write(report.joined(separator: "\n") + "\n")
    exit(code.rawValue)
}
let interactive = invocation.commands.isEmpty && invocation.scriptFile == nil && isatty(0) == 1
let io = interactive ? InteractiveShell.io(pager: Terminal.pager(environment: environment)) : SessionIO(
    print: { StandardStreams.write($0 + "\n") },
    error: { StandardStreams.write($0 + "\n", to: 2) },
    notice: { StandardStreams.write($0 + "\n") },
    status: { _ in })
let session = Session(
    options: .init(socketPath: socketPath, json: invocation.json, interactive: interactive, style: style,
                   width: { invocation.json ? nil : Terminal.size()?.columns },
                   clientName: invocation.clientName(interactive: interactive), terminal: isatty(1) == 1),
    io: io, interrupts: Signals.interrupts)

do {
    _ = try session.connect()
} catch {
    if invocation.json {
        session.fail(.unavailable, error.description)  // with --json, the one reply is an error reply
    } else {
        StandardStreams.write(style.error(error.description) + "\n", to: 2)
    }
    exit(Invocation.ExitCode.unreachable.rawValue)
}

if interactive {
    StandardStreams.write(Banner.lines(socketPath: socketPath).map { $0 + "\n" }.joined())
    InteractiveShell(session: session, history: HistoryFile(environment: environment)).run()
    exit(0)
}

// Scripts: -c commands in order, else one command per line of -f FILE or stdin.
if !invocation.commands.isEmpty {
    var commands = invocation.commands[...]
    let code = ScriptRunner.run(session, keepGoing: invocation.keepGoing, source: nil) {
        commands.popFirst().map(ScriptLineReader.Line.text)
    }
    exit(code.rawValue)
}
var fd: Int32 = 0
var source = "<stdin>"
if let file = invocation.scriptFile, file != "-" {
    fd = open(file, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
        StandardStreams.write("binderyctl: cannot read \(file): \(String(cString: strerror(errno)))\n", to: 2)
        exit(Invocation.ExitCode.usage.rawValue)
    }
    source = file
}
var reader = ScriptLineReader(fd: fd)
exit(ScriptRunner.run(session, keepGoing: invocation.keepGoing, source: source) { reader.next() }.rawValue)

