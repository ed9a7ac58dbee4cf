/// A REPL command's keyword, one case per command in the order `help` lists them. The command
/// table is built from ``allCases`` (``CommandTable/commands``), and both ``spec`` here and
/// the parser's switch over the keyword are exhaustive: a command cannot be in the table
/// without being parsed and dispatched, nor the other way round — the compiler says so.
public enum CommandKeyword: String, CaseIterable, Sendable {
    case help, ls, show, get, set, run, watch, log, restore, export, `import`, replay, testgen, ping, record, quit

    /// The command's entry in the table: usage, summary, details and aliases.
    public var spec: CommandSpec {
        switch self {
        case .help:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("COMMAND", .commandWord, optional: true)],
                               summary: "List the commands, or explain one.")
        case .ls:
            return CommandSpec(name: rawValue, summary: "List the view models: inputs, outputs, commands.")
        case .show:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("VM", .viewModel), ArgumentSpec("@V", .version, optional: true)],
                               summary: "A view model's inputs, outputs, commands as tables.",
                               details: ["Inputs are what set changes (a MutableProperty of a settable type);",
                                         "outputs are read-only (derived, or state the view model keeps).",
                                         "Commands show enabled / executing / runs / last value / last error;",
                                         "list outputs follow as numbered rows (the number is the index toggle takes).",
                                         "@V: as it was at version V (binderyd keeps 1,000 back), e.g. show api @120",
                                         "imported: from the session `import` loaded, e.g. show api @120 imported"])
        case .get:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("VM.NAME", .memberPath), ArgumentSpec("@V", .version, optional: true)],
                               summary: "Print one input, output, or command's state.",
                               details: ["e.g. get login.avatarURL   get products.products   get login.login",
                                         "@V: as it was at version V, e.g. get api.failureRate @120",
                                         "imported: from the session `import` loaded (default: its last version)"])
        case .set:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("VM.INPUT", .inputPath), ArgumentSpec("VALUE", .value)],
                               summary: "Set an input; VALUE is parsed by the input's type.",
                               details: ["Types: string (bare or quoted), int, double, bool (true/false), json.",
                                         "Quote strings with spaces; in \"…\" use \\n \\t \\\" \\\\ \\u{hex}; '…' is literal.",
                                         "A json value starting with [ or { is typed as is, to its closing bracket.",
                                         "An optional input (\"or null\" in show) also takes null.",
                                         "More VM.INPUT VALUE pairs set every input in one change (one version):",
                                         "all are checked first, and one refused sets none.",
                                         "e.g. set login.mobilePhone 13800138000   set compass.valueA 西",
                                         "     set api.failureRate 1   set trip.tags [\"a\", \"b\"]",
                                         "     set api.latencyMs 0 api.failureRate 1"])
        case .run:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("VM.COMMAND", .commandPath), ArgumentSpec("ARG", .value, optional: true)],
                               allowsBackground: true,
                               summary: "Run a command and wait for its value or error.",
                               details: ["While it runs an \"executing…\" line shows the elapsed time.",
                                         "Ctrl-C interrupts the run (binderyd's interrupt op) and waits for it to end;",
                                         "a second Ctrl-C stops waiting. A trailing & does not wait.",
                                         "e.g. run login.login   run products.toggle 2   run products.refresh &"])
        case .watch:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("VM", .viewModel, optional: true)],
                               summary: "Print change events as they happen, until Ctrl-C.",
                               details: ["On a terminal the prompt stays usable; events appear above it.",
                                         "Repeats (a timer's identical runs) are counted, not printed again:",
                                         "\"… repeated N times, last at T\" (binderyctl(1), WATCH)."])
        case .log:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("N", .count, optional: true)],
                               summary: "Print the last N events (default 50, at most 1000).")
        case .restore:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("@V", .version)],
                               summary: "Set the inputs back to version V, in one change.",
                               details: ["The inputs that differ are set together: one new version, acknowledged",
                                         "once durable. Secret inputs are not in the history: they stay as they are.",
                                         "e.g. restore @120"])
        case .export:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("FILE", .file), ArgumentSpec("@F..@T", .versionRange, optional: true)],
                               summary: "Save versions F to T as one session file (JSON).",
                               details: ["The state at FROM, each later version's changes, and every event of",
                                         "them with its effects; the daemon's /api/session writes the same file.",
                                         "Without a range: every version the history keeps; @F.. ends now.",
                                         "e.g. export incident.json @120..@180"])
        case .import:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("FILE", .file)],
                               summary: "Load a session file into binderyd for reading.",
                               details: ["Its versions are kept beside the live ones, never among them: read them",
                                         "with show VM @V imported and get VM.NAME @V imported, on the dashboard",
                                         "(/api/imported). Nothing in it can be set or run; it is not saved, and",
                                         "another import replaces it. A file that is not a session says why.",
                                         "e.g. import incident.json"])
        case .replay:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("FILE", .file)],
                               summary: "Run a session's steps again; say what differs.",
                               details: ["First sets the inputs as the session started, then each client set and",
                                         "run in order, the recorded time apart (at most 5 s), and prints one line",
                                         "per step: its outputs and result as recorded, or what differs; then a",
                                         "summary. Fails (exit 1 in scripts) when any step differs."])
        case .testgen:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("VM", .viewModel), ArgumentSpec("FILE", .file),
                                                           ArgumentSpec("SOURCE", .versionRange, optional: true)],
                               summary: "Write a Swift Testing test of VM from a session.",
                               details: ["The test drives VM in-process on a TestScheduler: the client's sets and",
                                         "runs in order, the recorded time advanced between them, each output the",
                                         "session changed and each run's result asserted as recorded. It calls",
                                         "makeVMViewModel(scheduler:), which you write (docs/GUIDE.md).",
                                         "SOURCE: versions @F..@T (default: all the daemon keeps) or a session file.",
                                         "e.g. testgen search Tests/SearchTests/SearchSession.swift @3..@40"])
        case .ping:
            return CommandSpec(name: rawValue, summary: "Check that binderyd answers.")
        case .record:
            return CommandSpec(name: rawValue, arguments: [ArgumentSpec("FILE|off", .file)],
                               summary: "Save typed commands to FILE, a script for -f.",
                               details: ["Failed commands are kept as # comments; `record off` stops.",
                                         "binderyctl --check FILE replays a transcript (commands after `bindery> `",
                                         "with their output) and shows a diff where the output differs."])
        case .quit:
            return CommandSpec(name: rawValue, aliases: ["exit"], summary: "Leave (Ctrl-D does too).")
        }
    }
}

