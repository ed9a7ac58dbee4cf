/// What completion can ask about the daemon's view models; the REPL's surface cache.
public protocol SurfaceCatalog: Sendable {
    /// The live view-model names.
    func viewModelNames() -> [String]
    /// The view model's surface, described (with types) when the daemon can be asked.
    func surface(of viewModel: String) -> ViewModelSurface?
}

/// Completion candidates for the word under the cursor.
public struct Completion: Sendable, Equatable {
    /// Full replacements for the word being completed, sorted.
    public let candidates: [String]
    /// Whether a unique candidate is final (add a space) or a prefix to continue ("login.").
    public let appendSpace: Bool

    public init(candidates: [String], appendSpace: Bool) {
        self.candidates = candidates
        self.appendSpace = appendSpace
    }

    static let none = Completion(candidates: [], appendSpace: true)
}

/// Computes completions from the command table and a surface catalog: command words, view
/// models, `VM.NAME` paths of the kind the argument takes, and true/false for bool values.
public struct Completer: Sendable {
    let catalog: any SurfaceCatalog

    public init(catalog: any SurfaceCatalog) { self.catalog = catalog }

    /// Candidates for the last word of `linePrefix` (the text before the cursor; if it ends in
    /// a space, the word being completed is empty).
    public func complete(linePrefix: String) -> Completion {
        var tokens = LineTokenizer.tokenizeLeniently(linePrefix)
        let endsWord = !(linePrefix.isEmpty || linePrefix.last == " " || linePrefix.last == "\t")
        let word = endsWord ? (tokens.popLast()?.text ?? "") : ""
        guard let first = tokens.first else {
            return finished(CommandTable.names, prefix: word)
        }
        guard let keyword = CommandTable.keyword(named: first.text) else { return .none }
        let spec = keyword.spec
        let position = tokens.count - 1
        guard position < spec.arguments.count else { return .none }
        switch spec.arguments[position].kind {
        case .commandWord: return finished(CommandTable.names, prefix: word)
        case .viewModel: return finished(catalog.viewModelNames(), prefix: word)
        case .inputPath: return path(word) { $0.inputs.map(\.name) }
        case .commandPath: return path(word) { $0.commands.map(\.name) }
        case .memberPath: return path(word) { $0.allNames }
        case .count, .file, .version, .versionRange: return .none
        case .value:
            guard position >= 1 else { return .none }
            let target = tokens[position].text
            guard let dot = target.firstIndex(of: "."),
                  let surface = catalog.surface(of: String(target[..<dot])) else { return .none }
            let name = String(target[target.index(after: dot)...])
            let type = keyword == .set ? surface.input(name)?.type : surface.command(name)?.argumentType
            let orNull = keyword == .set && surface.input(name)?.isOptional == true ? ["null"] : []
            let words = (type == .bool ? ["true", "false"] : []) + orNull
            return words.isEmpty ? .none : finished(words, prefix: word)
        }
    }

    /// What `binderyctl --complete LINE` prints for a shell: the candidates for the last word
    /// of `linePrefix`, one per line. A candidate that continues (`login.`) ends in its dot; one
    /// after which the command still needs a required argument (`set` → `VM.INPUT`,
    /// `login.verifyCode` → `VALUE`) ends in a space; any other is complete as it stands.
    public func shellWords(linePrefix: String) -> String {
        let completion = complete(linePrefix: linePrefix)
        let endsWord = !(linePrefix.isEmpty || linePrefix.last == " " || linePrefix.last == "\t")
        var tokens = LineTokenizer.tokenizeLeniently(linePrefix).map(\.text)
        if endsWord { tokens.removeLast() }
        return completion.candidates.map { candidate in
            guard completion.appendSpace else { return candidate + "\n" }
            let words = tokens + [candidate]
            guard let spec = CommandTable.spec(named: words[0]) else { return candidate + "\n" }
            let given = words.count - 1
            let needsMore = given < spec.arguments.count && !spec.arguments[given].optional
            return candidate + (needsMore ? " \n" : "\n")
        }.joined()
    }

    private func finished(_ names: [String], prefix: String) -> Completion {
        Completion(candidates: names.filter { $0.hasPrefix(prefix) }.sorted(), appendSpace: true)
    }

    /// "log" → "login." (no space, to go on with the member); "login.mo" → "login.mobilePhone".
    private func path(_ word: String, members: (ViewModelSurface) -> [String]) -> Completion {
        guard let dot = word.firstIndex(of: ".") else {
            let names = catalog.viewModelNames().filter { $0.hasPrefix(word) }.sorted()
            return Completion(candidates: names.map { $0 + "." }, appendSpace: false)
        }
        let vm = String(word[..<dot])
        let prefix = String(word[word.index(after: dot)...])
        guard let surface = catalog.surface(of: vm) else { return .none }
        let names = members(surface).filter { $0.hasPrefix(prefix) }.sorted()
        return Completion(candidates: names.map { vm + "." + $0 }, appendSpace: true)
    }
}
