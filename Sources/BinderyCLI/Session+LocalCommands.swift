/// The commands binderyctl answers without the daemon: help, `record`, `\x` and quit.
extension Session {
    /// Runs `command` if binderyctl answers it itself; nil if it needs the daemon.
    func executeLocally(_ command: ReplCommand) -> CommandOutcome? {
        switch command {
        case .quit:
            return .quit
        case .help(nil):
            return text(CommandTable.overview())
        case .quickHelp:
            return text(CommandTable.quickHelp())
        case let .help(word?):
            switch CommandTable.help(for: word) {
            case let .success(help): return text(help)
            case let .failure(error): return fail(error.code, error.description)
            }
        case .record(nil):
            guard let recorder else { return text("not recording") }
            self.recorder = nil
            return text("stopped recording to \(recorder.path)")
        case let .record(path?):
            switch SessionRecorder.open(path) {
            case let .success(opened):
                recorder = opened
                return text("recording typed commands to \(path) (replay with binderyctl -f \(path); `record off` stops)")
            case let .failure(error):
                return fail(.badRequest, error.message)
            }
        case let .testgen(vm, path, .file(file)):
            // A session file is all it needs: no daemon.
            return (try? testgen(nil, vm: vm, to: path, from: .file(file))) ?? .failed
        case let .expanded(mode):
            expanded = mode ?? (expanded == .off ? .on : .off)
            return text("expanded display is \(expanded.rawValue)")
        case .list, .show, .get, .set, .run, .watch, .log, .ping, .restore, .export, .importSession, .replay, .testgen:
            return nil
        }
    }
}
