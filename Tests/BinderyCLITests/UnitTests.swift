import BinderyNames
@testable import BinderyCLI
import BinderyJSON
import Testing

@Suite struct TokenizerTests {
    @Test func bareQuotedAndUnicodeWords() throws {
        let tokens = try LineTokenizer.tokenize("set  compass.valueA 西")
        #expect(tokens.map(\.text) == ["set", "compass.valueA", "西"])
        #expect(try LineTokenizer.tokenize(#"set a.b "138 0013\t\"x\"" 'it''s' \u{4e1c}"#).map(\.text)
            == ["set", "a.b", "138 0013\t\"x\"", "its", "u{4e1c}"])
        #expect(try LineTokenizer.tokenize(#"x "\u{6771}\u6771""#).map(\.text) == ["x", "東東"])
        #expect(try LineTokenizer.tokenize(#"x """#) == [Token("x"), Token("", quoted: true)])
        #expect(try LineTokenizer.tokenize(#"a\ b"#).map(\.text) == ["a b"])
    }

    @Test func malformedLinesSayWhy() {
        #expect(throws: TokenizeError.unterminatedQuote("\"")) { try LineTokenizer.tokenize(#"set a.b "open"#) }
        #expect(throws: TokenizeError.unterminatedQuote("'")) { try LineTokenizer.tokenize("set a.b 'open") }
        #expect(throws: TokenizeError.danglingBackslash) { try LineTokenizer.tokenize(#"set a\"#) }
        #expect(throws: TokenizeError.invalidEscape("\\q")) { try LineTokenizer.tokenize(#""\q""#) }
        #expect(LineTokenizer.tokenizeLeniently(#"set "open"#).map(\.text) == ["set", "open"])
    }
}

@Suite struct ValueParsingTests {
    @Test func valuesFollowTheInputType() throws {
        #expect(try ValueParser.parse(Token("西"), as: .string, for: "c.v") == .string("西"))
        #expect(try ValueParser.parse(Token("800"), as: .int, for: "api.latencyMs") == .int(800))
        #expect(try ValueParser.parse(Token("0.5"), as: .double, for: "api.failureRate") == .number("0.5"))
        #expect(try ValueParser.parse(Token("1"), as: .double, for: "api.failureRate") == .number("1"))
        #expect(try ValueParser.parse(Token(".5"), as: .double, for: "x") == .number("0.5"))
        #expect(try ValueParser.parse(Token("yes"), as: .bool, for: "x") == .bool(true))
        #expect(try ValueParser.parse(Token("off"), as: .bool, for: "x") == .bool(false))
        #expect(try ValueParser.parse(Token("42"), as: .string, for: "x") == .string("42"))
    }

    @Test func wrongValuesNameTheExpectedType() {
        #expect(throws: ValueError.self) { try ValueParser.parse(Token("fast"), as: .int, for: "api.latencyMs") }
        do {
            _ = try ValueParser.parse(Token("lots"), as: .double, for: "api.failureRate", constraint: "between 0 and 1")
            Issue.record("accepted a non-number")
        } catch {
            #expect(error.message == #"api.failureRate expects a double between 0 and 1, got "lots""#)
        }
        #expect(throws: ValueError.self) { try ValueParser.parse(Token("nan"), as: .double, for: "x") }
        #expect(throws: ValueError(message: #"api.latencyMs expects an int between 0 and 60000, got "99999999999999999999", which is out of range"#)) {
            try ValueParser.parse(Token("99999999999999999999"), as: .int, for: "api.latencyMs", constraint: "between 0 and 60000")
        }
        #expect(throws: ValueError(message: #"products.toggle expects index to be an int, got "x""#)) {
            try ValueParser.parse(Token("x"), as: .int, for: "products.toggle", argument: "index")
        }
        #expect(throws: ValueError.self) { try ValueParser.parse(Token("maybe"), as: .bool, for: "x") }
    }
}

@Suite struct CommandTableTests {
    @Test func parsesEveryCommandShape() throws {
        #expect(try CommandParser.parse("set login.mobilePhone 138") == .set(vm: "login", input: "mobilePhone", value: Token("138")))
        #expect(try CommandParser.parse("run products.toggle 2") == .run(vm: "products", command: "toggle", argument: Token("2"), wait: true))
        #expect(try CommandParser.parse("run products.refresh &") == .run(vm: "products", command: "refresh", argument: nil, wait: false))
        #expect(try CommandParser.parse("run a.b \"&\"") == .run(vm: "a", command: "b", argument: Token("&", quoted: true), wait: true))
        #expect(try CommandParser.parse("watch") == .watch(vm: nil))
        #expect(try CommandParser.parse("log 5") == .log(count: 5))
        #expect(try CommandParser.parse("exit") == .quit)
        #expect(try CommandParser.parse("   ") == nil)
    }

    @Test func usageErrorsShowTheUsage() {
        #expect(throws: CommandLineError.self) { try CommandParser.parse("set login.mobilePhone") }
        let error = #expect(throws: CommandLineError.self) { try CommandParser.parse("get login") }
        #expect(error?.description == "'login' is not VM.NAME (e.g. login.mobilePhone); usage: get VM.NAME")
        #expect((#expect(throws: CommandLineError.self) { try CommandParser.parse("log lots") })?.description
            .contains("usage: log [N]") == true)
        #expect((#expect(throws: CommandLineError.self) { try CommandParser.parse("shwo login") })?.description
            == "unknown command 'shwo' — did you mean 'show'? type help for the list")
    }

    @Test func helpComesFromTheTable() throws {
        let overview = CommandTable.overview()
        for command in CommandTable.commands { #expect(overview.contains(command.usage)) }
        #expect(try CommandTable.help(for: "run").get().contains("usage: run VM.COMMAND [ARG] [&]"))
        #expect(try CommandTable.help(for: "exit").get().contains("usage: quit"))
        guard case .failure = CommandTable.help(for: "nope") else { Issue.record("help for an unknown command"); return }
    }
}

/// A fixed catalog for completion tests.
struct StaticCatalog: SurfaceCatalog {
    let surfaces: [ViewModelSurface] = [
        ViewModelSurface(name: "login", inputs: [InputSurface(name: "mobilePhone", type: .string), InputSurface(name: "verifyCode", type: .string)],
                         outputs: ["avatarURL", "isLoginValid"], commands: [CommandSurface(name: "login"), CommandSurface(name: "fillUp")], isDescribed: true),
        ViewModelSurface(name: "flags", inputs: [InputSurface(name: "dark", type: .bool)], outputs: [], commands: [], isDescribed: true),
    ]
    func viewModelNames() -> [String] { surfaces.map(\.name) }
    func surface(of viewModel: String) -> ViewModelSurface? { surfaces.first { $0.name == viewModel } }
}

@Suite struct CompletionTests {
    let completer = Completer(catalog: StaticCatalog())

    @Test func commandWordsAndViewModels() {
        #expect(completer.complete(linePrefix: "").candidates == CommandTable.names.sorted())
        #expect(completer.complete(linePrefix: "s").candidates == ["set", "show"])
        #expect(completer.complete(linePrefix: "show ").candidates == ["flags", "login"])
        #expect(completer.complete(linePrefix: "help r").candidates == ["record", "run"])
    }

    @Test func pathsByArgumentKind() {
        let vm = completer.complete(linePrefix: "set lo")
        #expect(vm == Completion(candidates: ["login."], appendSpace: false))
        #expect(completer.complete(linePrefix: "set login.mo").candidates == ["login.mobilePhone"])
        #expect(completer.complete(linePrefix: "run login.").candidates == ["login.fillUp", "login.login"])
        #expect(completer.complete(linePrefix: "get login.").candidates.count == 6)
        #expect(completer.complete(linePrefix: "set nothere.x").candidates.isEmpty)
    }

    @Test func boolValuesOfferTrueAndFalse() {
        #expect(completer.complete(linePrefix: "set flags.dark ").candidates == ["false", "true"])
        #expect(completer.complete(linePrefix: "set flags.dark t").candidates == ["true"])
        #expect(completer.complete(linePrefix: "set login.mobilePhone ").candidates.isEmpty)
        #expect(completer.complete(linePrefix: "ping ").candidates.isEmpty)
    }

    /// `binderyctl --complete`'s lines: a dot continues, a trailing space means a required
    /// argument follows (so a shell keeps the quote open), anything else is complete.
    @Test func shellWordsMarkWhatFollows() {
        #expect(completer.shellWords(linePrefix: "s") == "set \nshow \n")
        #expect(completer.shellWords(linePrefix: "l") == "log\nls\n")
        #expect(completer.shellWords(linePrefix: "set lo") == "login.\n")
        #expect(completer.shellWords(linePrefix: "set login.mo") == "login.mobilePhone \n")
        #expect(completer.shellWords(linePrefix: "run login.l") == "login.login\n")
        #expect(completer.shellWords(linePrefix: "show l") == "login\n")
        #expect(completer.shellWords(linePrefix: "set flags.dark t") == "true\n")
        #expect(completer.shellWords(linePrefix: "nope x") == "")
    }
}

@Suite struct DidYouMeanTests {
    @Test func suggestsCloseNamesOnly() {
        #expect(DidYouMean.closest(to: "mobilPhone", among: ["mobilePhone", "verifyCode"]) == "mobilePhone")
        #expect(DidYouMean.closest(to: "gte", among: CommandTable.names) == "get")
        #expect(DidYouMean.closest(to: "LOGIN", among: ["login"]) == "login")
        #expect(DidYouMean.closest(to: "zzzzzz", among: ["login", "products"]) == nil)
        #expect(DidYouMean.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(DidYouMean.suffix(for: "nope", among: ["login", "api"], listing: "view models") == " (view models: login, api)")
        #expect(DidYouMean.suffix(for: "x", among: [], listing: "inputs") == " (there are no inputs)")
        #expect(DidYouMean.suffix(for: "logn", among: ["login"], listing: "view models") == " — did you mean 'login'?")
    }
}

@Suite struct RenderingTests {
    let plain = ReplyRenderer(style: Style(enabled: false))

    @Test func listsAreNumberedRows() throws {
        let value = try JSONParser.parse(#"[{"title":"Product 1","isSelected":false},{"title":"西瓜","isSelected":true}]"#)
        #expect(plain.full(value) == ["#  title      isSelected", "0  Product 1  false", "1  西瓜       true"])
        #expect(plain.full(.array([.string("a"), .int(2)])) == ["#  VALUE", "0  \"a\"", "1  2"])
        #expect(plain.full(.array([])) == ["(empty list)"])
    }

    @Test func showTablesAlignAndCarryCommandState() throws {
        let surface = StaticCatalog().surfaces[0]
        let state = try JSONParser.parse(#"{"inputs":{"mobilePhone":"西","verifyCode":""},"outputs":{"avatarURL":null,"isLoginValid":false},"commands":{"login":{"enabled":false,"executing":false,"lastValue":null,"lastError":{"message":"Server unavailable, please retry"},"runs":3},"fillUp":{"enabled":true,"executing":true,"lastValue":null,"lastError":null,"runs":0}}}"#)
        let lines = plain.show(surface, state: state)
        #expect(lines.contains("  mobilePhone  string  \"西\""))
        #expect(lines.contains("  COMMAND  ARG  ENABLED  EXECUTING  RUNS  LAST VALUE  LAST ERROR"))
        #expect(lines.contains("  login    —    no       no         3     null        Server unavailable, please retry"))
        #expect(lines.contains("  fillUp   —    yes      yes        0     null        —"))
        let cancelled = try JSONParser.parse(#"{"inputs":{},"outputs":{},"commands":{"login":{"enabled":true,"executing":false,"lastValue":null,"lastError":{"message":"login.login was interrupted by a client","code":"interrupted"},"runs":1},"fillUp":{"enabled":true,"executing":false,"lastValue":null,"lastError":{"message":"boom","code":"failed"},"runs":1}}}"#)
        let coloured = ReplyRenderer(style: Style(enabled: true)).show(surface, state: cancelled)
        #expect(coloured.contains { $0.contains("\u{1B}[33mlogin.login was interrupted by a client") }, "interrupted: yellow")
        #expect(coloured.contains { $0.contains("\u{1B}[31mboom") }, "failed: red")
    }

    @Test func eventsAndColours() throws {
        let event = try JSONParser.parse(#"{"version":39,"at":"2026-11-29T21:40:00.120Z","kind":"fail","vm":"login","name":"login","durationMs":802.4,"error":"Server unavailable, please retry","code":"failed"}"#)
        #expect(plain.event(event) == "#39 21:40:00.120 fail   login.login 802 ms: Server unavailable, please retry (failed)")
        #expect(ReplyRenderer(style: Style(enabled: true)).event(event).contains("\u{1B}[31m"))
        #expect(!Style.forOutput(isTerminal: true, environment: ["NO_COLOR": "1"]).enabled)
        #expect(Style.forOutput(isTerminal: true, environment: [:]).enabled)
        #expect(!Style.forOutput(isTerminal: false, environment: [:]).enabled)
    }
}

@Suite struct InvocationTests {
    @Test func flagsParse() throws {
        let i = try Invocation.parse(["--socket", "/tmp/s", "-c", "ping", "-cls", "--json", "--keep-going"])
        #expect(i.socketPath == "/tmp/s" && i.commands == ["ping", "ls"] && i.json && i.keepGoing)
        #expect(throws: Invocation.UsageError.self) { try Invocation.parse(["-c"]) }
        #expect(throws: Invocation.UsageError.self) { try Invocation.parse(["ping"]) }
        #expect(try Invocation.parse(["-f", "s.bdy"]).scriptFile == "s.bdy")
        #expect(try Invocation.parse(["--check", "README.md"]).checkFile == "README.md")
        #expect(throws: Invocation.UsageError.self) { try Invocation.parse(["-f", "s.bdy", "-c", "ping"]) }
        #expect(throws: Invocation.UsageError.self) { try Invocation.parse(["--check", "t", "-f", "s"]) }
    }

    /// `--socket`, then `$BINDERY_SOCKET` (both taken as given), then the first of the checkout's
    /// and the service's socket that answers; when none does, every place tried is reported.
    @Test func socketSearchOrder() {
        var probed: [String] = []
        func probe(answering: Set<String>) -> (String) -> String? {
            { path in probed.append(path); return answering.contains(path) ? nil : "No such file or directory" }
        }
        let both: Set = [SocketLocator.checkoutPath, SocketLocator.servicePath]
        #expect(SocketLocator.locate(explicit: "/a.sock", environment: ["BINDERY_SOCKET": "/x.sock"], probe: probe(answering: both))
            == .path("/a.sock"))
        #expect(SocketLocator.locate(explicit: nil, environment: ["BINDERY_SOCKET": "/x.sock"], probe: probe(answering: both))
            == .path("/x.sock"))
        #expect(probed.isEmpty, "an explicit socket is never second-guessed")
        #expect(SocketLocator.locate(explicit: nil, environment: ["BINDERY_SOCKET": ""], probe: probe(answering: both))
            == .path("./.bindery/control.sock"))
        #expect(SocketLocator.locate(explicit: nil, environment: [:], probe: probe(answering: [SocketLocator.servicePath]))
            == .path("/run/bindery/control.sock"))
        guard case let .unreachable(attempts) = SocketLocator.locate(explicit: nil, environment: [:], probe: probe(answering: []))
        else { Issue.record("found a socket where none answers"); return }
        #expect(attempts.map(\.path) == ["./.bindery/control.sock", "/run/bindery/control.sock"])
        let message = SocketLocator.unreachableMessage(attempts)
        #expect(message.contains("tried ./.bindery/control.sock (No such file or directory), /run/bindery/control.sock (No such file or directory)"))
        #expect(message.contains("start it with `make run`") && message.contains("start it with `systemctl start binderyd.socket`"))
        #expect(!message.contains("\n"))
        let denied = SocketLocator.unreachableMessage([.init(path: SocketLocator.servicePath, reason: "Permission denied")])
        #expect(denied.contains("/run/bindery/control.sock (Permission denied)") && denied.contains("sudo binderyctl"))
    }

    @Test func unreachableHintFitsThePath() {
        #expect(ConnectionError.cannotConnect(path: "/run/bindery/control.sock", reason: "x").description
            .contains("`systemctl start binderyd.socket`"))
        #expect(ConnectionError.cannotConnect(path: ".bindery/control.sock", reason: "x").description.contains("`make run`"))
        #expect(ConnectionError.cannotConnect(path: "/srv/b.sock", reason: "x").description.contains("`binderyd --socket /srv/b.sock`"))
        #expect(ConnectionError.cannotConnect(path: "/run/bindery/control.sock", reason: "Permission denied").description
            == "cannot connect to /run/bindery/control.sock: Permission denied; run binderyctl as the socket's owner (for the service: sudo binderyctl)")
    }

    @Test func completeFlagTakesTheLine() throws {
        #expect(try Invocation.parse(["--complete", "set login.mo"]).completionLine == "set login.mo")
        #expect(throws: Invocation.UsageError.self) { try Invocation.parse(["--complete"]) }
    }
}
