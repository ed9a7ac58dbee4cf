@testable import BinderyCLI
import BinderyJSON
import BinderyProtocol
import BinderyTestSupport
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct CompletionTests {
    let completer = Completer(catalog: StaticCatalog())

    @Test func commandWordsAndViewModels() {
        #expect(completer.complete(linePrefix: "").candidates == CommandTable.names.sorted())
        #expect(completer.complete(linePrefix: "s").candidates == ["set", "show"])
        #expect(completer.complete(linePrefix: "show ").candidates == ["flags", "login"])
        #expect(completer.complete(linePrefix: "help r").candidates == ["record", "replay", "restore", "run"])
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

    @Test func optionalValuesOfferNull() {
        #expect(completer.complete(linePrefix: "set flags.limit ").candidates == ["null"])
        #expect(completer.complete(linePrefix: "set flags.limit 4").candidates.isEmpty)
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
