import BinderyProtocol
/// A REPL command line, parsed and checked against the command table (not yet against the
/// daemon's names: that happens when it runs).
public enum ReplCommand: Sendable, Equatable {
    case help(String?)
    /// `\?`: one line per command, as psql's `\?`.
    case quickHelp
    /// `\x [on|off|auto]`: expanded output; nil toggles.
    case expanded(TableLayout.Expanded?)
    case list
    /// `show VM [@V] [imported]`: at version V (nil: now), of the imported session if `imported`.
    case show(vm: String, at: UInt64? = nil, imported: Bool = false)
    /// `get VM.NAME [@V] [imported]`: at version V (nil: now), of the imported session if `imported`.
    case get(vm: String, name: String, at: UInt64? = nil, imported: Bool = false)
    /// `restore @V`: every input back as it was at version V, in one change.
    case restore(version: UInt64)
    /// `export FILE [@F..@T]`: the versions as a session file.
    case export(path: String, range: VersionRange)
    /// `import FILE`: a session file loaded into the daemon for reading.
    case importSession(path: String)
    /// `replay FILE`: a session file's steps sent again, compared with the recording.
    case replay(path: String)
    /// `testgen VM FILE [SOURCE]`: a Swift Testing file from a session (versions or a file).
    case testgen(vm: String, path: String, source: SessionSource)
    /// `set VM.INPUT VALUE [VM.INPUT VALUE …]`: the first input, then any more set in the same
    /// turn (one version; every value checked before any is set).
    case set(vm: String, input: String, value: Token, more: [SetPair] = [])
    case run(vm: String, command: String, argument: Token?, wait: Bool)
    case watch(vm: String?)
    case log(count: Int?)
    case ping
    /// `record FILE` starts saving typed lines to FILE; `record off` (nil) stops.
    case record(String?)
    case quit
}

/// Why a line is not a valid command; every message says what to type instead.
public enum CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    case syntax(TokenizeError)
    case unknownCommand(String)
    case usage(CommandSpec, String)
    /// `word` stands where `spec` takes a `VM.NAME` path (its `placeholder`), e.g. `set login`.
    case notAPath(CommandSpec, word: String, placeholder: String)

    public var description: String {
        switch self {
        case let .syntax(error): return error.description
        case let .unknownCommand(word):
            let names = CommandTable.commands.flatMap { [$0.name] + $0.aliases }
            let hint = DidYouMean.closest(to: word, among: names).map { "did you mean '\($0)'? " } ?? ""
            return "unknown command \(Excerpt.quoted(word, quote: Excerpt.singleQuoted)) — \(hint)type help for the list"
        case let .usage(spec, problem): return "\(problem); usage: \(spec.usage)"
        case let .notAPath(spec, word, placeholder):
            return "\(Excerpt.quoted(word, quote: Excerpt.singleQuoted)) is not \(placeholder) (e.g. login.mobilePhone); usage: \(spec.usage)"
        }
    }

    /// The control protocol's error code for it (`--json` error replies use the daemon's shape).
    public var code: ErrorCode {
        switch self {
        case .syntax, .usage, .notAPath: return .badRequest
        case .unknownCommand: return .unknownOp
        }
    }
}

/// One more `VM.INPUT VALUE` of a `set` that sets several inputs.
public struct SetPair: Sendable, Equatable {
    public let vm: String
    public let input: String
    public let value: Token

    public init(vm: String, input: String, value: Token) {
        self.vm = vm
        self.input = input
        self.value = value
    }
}

/// Parses command lines by the command table.
public enum CommandParser {
    /// The `VM.INPUT VALUE` pairs after a `set`'s first one.
    private static func morePairs(_ words: ArraySlice<Token>, _ spec: CommandSpec) throws(CommandLineError) -> [SetPair] {
        var pairs: [SetPair] = []
        var words = words[...]
        while let path = words.popFirst() {
            let text = path.text
            guard let dot = text.firstIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex else {
                throw .notAPath(spec, word: text, placeholder: spec.arguments[0].placeholder)
            }
            guard let value = words.popFirst() else { throw .usage(spec, "missing VALUE after \(text)") }
            pairs.append(SetPair(vm: String(text[..<dot]), input: String(text[text.index(after: dot)...]), value: value))
        }
        return pairs
    }

    /// The command on `line`, nil for a blank line or a comment (`#` first), or why it is not
    /// valid. Backslash commands (`\?`, `\q`) are read before the tokenizer, which would
    /// take the backslash as an escape.
    public static func parse(_ line: String) throws(CommandLineError) -> ReplCommand? {
        let trimmed = line.trimmingWhitespace
        if trimmed.hasPrefix("#") { return nil }
        if trimmed.hasPrefix("\\") {
            let words = trimmed.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let keyword = CommandTable.backslashKeyword(named: words[0]) else { throw .unknownCommand(trimmed) }
            switch (keyword, words.count) {
            case (.quickHelp, 1): return .quickHelp
            case (.quit, 1): return .quit
            case (.expanded, 1): return .expanded(nil)
            case (.expanded, 2):
                guard let mode = TableLayout.Expanded(rawValue: words[1]) else {
                    throw .usage(keyword.spec, "\\x takes on, off or auto, not \(Excerpt.quoted(words[1], quote: Excerpt.singleQuoted))")
                }
                return .expanded(mode)
            case (.quickHelp, _), (.quit, _), (.expanded, _): throw .unknownCommand(trimmed)
            }
        }
        let tokens: [Token]
        do { tokens = try LineTokenizer.tokenize(line) } catch { throw .syntax(error) }
        return try parse(tokens)
    }

    /// The command made of `tokens`, nil when there are none.
    public static func parse(_ tokens: [Token]) throws(CommandLineError) -> ReplCommand? {
        guard let first = tokens.first else { return nil }
        guard let keyword = CommandTable.keyword(named: first.text), !first.quoted else {
            throw .unknownCommand(first.text)
        }
        let spec = keyword.spec
        var arguments = Array(tokens.dropFirst())
        // `show` and `get` read the imported session when their last word is `imported`.
        var imported = false
        if keyword == .show || keyword == .get, let last = arguments.last, last.text == "imported", !last.quoted, arguments.count > 1 {
            imported = true
            arguments.removeLast()
        }
        var wait = true
        if spec.allowsBackground, let last = arguments.last, last.text == "&", !last.quoted {
            wait = false
            arguments.removeLast()
        }
        // A word where a VM.NAME path belongs is named before a missing argument is, so
        // `set login` says what `login` is not rather than "missing VALUE".
        var paths: [(String, String)] = []
        for (index, argument) in zip(spec.arguments.indices, arguments) where spec.arguments[index].kind.isPath {
            let text = argument.text
            guard let dot = text.firstIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex else {
                throw .notAPath(spec, word: text, placeholder: spec.arguments[index].placeholder)
            }
            paths.append((String(text[..<dot]), String(text[text.index(after: dot)...])))
        }
        let required = spec.arguments.filter { !$0.optional }.count
        if arguments.count < required {
            throw .usage(spec, "missing \(spec.arguments[arguments.count].placeholder)")
        }
        if keyword == .set, arguments.count > spec.arguments.count {
            return .set(vm: paths[0].0, input: paths[0].1, value: arguments[1], more: try morePairs(arguments.dropFirst(2), spec))
        }
        if arguments.count > spec.arguments.count {
            throw .usage(spec, "unexpected \(Excerpt.quoted(arguments[spec.arguments.count].text, quote: Excerpt.singleQuoted))")
        }
        switch keyword {
        case .help: return .help(arguments.first?.text)
        case .ls: return .list
        case .show: return .show(vm: arguments[0].text, at: try version(arguments.dropFirst().first, spec), imported: imported)
        case .get: return .get(vm: paths[0].0, name: paths[0].1, at: try version(arguments.dropFirst().first, spec), imported: imported)
        case .restore: return .restore(version: try version(arguments.first, spec)!)
        case .set: return .set(vm: paths[0].0, input: paths[0].1, value: arguments[1])
        case .run: return .run(vm: paths[0].0, command: paths[0].1, argument: arguments.count > 1 ? arguments[1] : nil, wait: wait)
        case .watch: return .watch(vm: arguments.first?.text)
        case .log:
            guard let word = arguments.first?.text else { return .log(count: nil) }
            guard let n = Int(word), (1...1_000).contains(n) else {
                throw .usage(spec, "N must be a whole number from 1 to 1000, not \(Excerpt.quoted(word, quote: Excerpt.singleQuoted))")
            }
            return .log(count: n)
        case .export: return .export(path: arguments[0].text, range: try range(arguments.dropFirst().first, spec) ?? VersionRange(from: nil, to: nil))
        case .import: return .importSession(path: arguments[0].text)
        case .replay: return .replay(path: arguments[0].text)
        case .testgen:
            // A range (or what is meant as one: it starts with @); anything else names a file.
            let source = arguments.count > 2 && !arguments[2].quoted && (arguments[2].text.hasPrefix("@") || VersionRange(arguments[2].text) != nil)
                ? SessionSource.versions(try range(arguments[2], spec)!)
                : arguments.count > 2 ? .file(arguments[2].text) : .versions(VersionRange(from: nil, to: nil))
            return .testgen(vm: arguments[0].text, path: arguments[1].text, source: source)
        case .ping: return .ping
        case .record:
            let word = arguments[0]
            return .record(word.text == "off" && !word.quoted ? nil : word.text)
        case .quit: return .quit
        }
    }

    /// The range `@F..@T` of `token`, nil without one; a usage error for anything else.
    private static func range(_ token: Token?, _ spec: CommandSpec) throws(CommandLineError) -> VersionRange? {
        guard let token else { return nil }
        guard let range = VersionRange(token.text) else {
            throw .usage(spec, "@F..@T must be two versions, the first not after the second, such as @12..@40, not \(Excerpt.quoted(token.text, quote: Excerpt.singleQuoted))")
        }
        return range
    }

    /// The version `@V` (or `V`) of `token`, nil without one; a usage error for anything else.
    private static func version(_ token: Token?, _ spec: CommandSpec) throws(CommandLineError) -> UInt64? {
        guard let token else { return nil }
        let digits = token.text.hasPrefix("@") ? String(token.text.dropFirst()) : token.text
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let version = UInt64(digits) else {
            throw .usage(spec, "@V must be a version number such as @120, not \(Excerpt.quoted(token.text, quote: Excerpt.singleQuoted))")
        }
        return version
    }
}
