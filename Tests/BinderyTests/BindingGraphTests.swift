import Bindery
import Testing

/// A view model that declares no graph: every edge comes from how its members are composed,
/// through intermediates no member holds and through a hidden member.
private final class FormViewModel: ViewModel {
    let first = MutableProperty("")
    let last = MutableProperty("")
    let agreed = MutableProperty(false)
    let age = MutableProperty(0)
    /// `first.combineLatest(with: last)` is an intermediate nobody keeps.
    let fullName: Property<String>
    let initials: Property<String>
    let isAdult: Property<Bool>
    let canSend: Property<Bool>
    let everything: Property<Bool>
    let pairs: Property<String>
    let lengths: Property<Int>
    let shown: Property<String>
    let kept: Property<String>
    let shout: Property<String>
    let greeting: Property<String>
    let title: Property<String>
    let fed: Property<Int>
    let send: Action<Void, Int, Never>
    let save: Action<Void, Int, Never>
    let reset: Action<Void, Int, Never>
    let wait: Action<Void, Int, Never>
    let stamp: Action<Void, Int, Never>
    let _lowered: Property<String>
    let hiddenName: Property<String>

    init() {
        fullName = first.combineLatest(with: last).map { "\($0) \($1)" }
        initials = Property.zip(first, last).map { "\($0.prefix(1))\($1.prefix(1))" }.skipRepeats()
        isAdult = age.map { $0 >= 18 }
        canSend = isAdult.and(agreed).or(Property(value: false)).negate().negate()
        everything = Property.all([isAdult, Property(agreed)])
        pairs = Property.combineLatest(first, last, age).map { "\($0)\($1)\($2)" }
        lengths = Property.combineLatest([first, last])!.map { $0.map(\.count).reduce(0, +) }
        shown = Property(Property(capturing: fullName))
        _lowered = first.map { $0.lowercased() }
        kept = _lowered.map { $0.uppercased() }
        hiddenName = last.map { $0.lowercased() }
        shout = hiddenName.map { $0.uppercased() }
        greeting = Property.combineLatest(fullName, Property(value: "hello")).map { "\($1) \($0)" }
        title = Property(value: "Form")
        fed = Property(initial: 0, then: age.producer.map { $0 * 2 })
        send = Action(enabledIf: canSend) { _ in SignalProducer(value: 1) }
        save = Action(state: fullName, enabledIf: { !$0.isEmpty }) { _, _ in SignalProducer(value: 2) }
        reset = Action(state: fullName) { _, _ in SignalProducer(value: 3) }
        wait = Action(enabledIf: send.isExecuting.negate()) { _ in SignalProducer(value: 4) }
        stamp = Action { _ in SignalProducer(value: 5) }
    }

    var surface: Surface {
        Surface(self) {
            $0.hide(\.hiddenName)
            // Fed by a producer: composition cannot show it.
            $0.derive(\.fed, from: \.age)
        }
    }
}

/// The derivations of a surface member, by name.
private func graph(_ surface: Surface) -> [String: [String]] {
    var found: [String: [String]] = [:]
    for output in surface.outputs { found[output.name] = output.derivesFrom }
    for command in surface.commands { found[command.name] = command.enabledDerivesFrom }
    return found
}

@Suite(.timeLimit(.minutes(2))) struct BindingGraphTests {
    @Test func aViewModelWithoutDeclarationsHasTheGraphItsCodeComposes() {
        let found = graph(FormViewModel().surface)
        #expect(found["fullName"] == ["first", "last"])
        #expect(found["initials"] == ["first", "last"])
        #expect(found["isAdult"] == ["age"])
        #expect(found["canSend"] == ["isAdult", "agreed"])
        #expect(found["everything"] == ["isAdult", "agreed"])
        #expect(found["pairs"] == ["first", "last", "age"])
        #expect(found["lengths"] == ["first", "last"])
        #expect(found["shown"] == ["fullName"], "a view of a capturing property of fullName")
        #expect(found["kept"] == ["first"], "through _lowered, which is not on the surface")
        #expect(found["shout"] == ["last"], "through the hidden hiddenName")
        #expect(found["greeting"] == ["fullName"], "a constant adds no edge")
        #expect(found["title"] == [])
        #expect(found["fed"] == ["age"], "declared: fed by a producer")
        #expect(found["send"] == ["canSend"])
        #expect(found["save"] == ["fullName"])
        #expect(found["reset"] == [], "always enabled: its state does not enable it")
        #expect(found["wait"] == ["send"], "disabled while send executes")
        #expect(found["stamp"] == [])
    }

    @Test func aViewOfAMemberIsThatMember() {
        final class Shelf: ViewModel {
            let query = MutableProperty("")
            let results: Property<[String]>
            let count: Property<Int>
            private let rows = MutableProperty<[String]>([])
            init() {
                results = Property(rows)
                count = rows.map(\.count)
            }
            var surface: Surface { Surface(self) { $0.hide(\.rows) } }
        }
        let found = graph(Shelf().surface)
        #expect(found["count"] == ["results"], "rows and results share one value")
        #expect(found["results"] == [], "set by code")
    }

    /// `x <~ action.values` and `x <~ action.errors` are edges: the property bound (a member, or
    /// the hidden one a member views, bound after the view was made) derives from the action.
    @Test func aPropertyBoundToAnActionsValuesOrErrorsDerivesFromTheAction() {
        final class Ticker: ViewModel {
            let symbols = MutableProperty(["AAPL"])
            let quotes: Property<[String]>
            let lastError = MutableProperty<String?>(nil)
            let count: Property<Int>
            let refresh: Action<Void, [String], TestError>
            let clear: Action<Void, Void, Never>
            private let _quotes = MutableProperty<[String]>([])
            private let cleared = MutableProperty(0)
            init() {
                quotes = Property(_quotes)
                count = quotes.map(\.count)
                let symbols = self.symbols
                refresh = Action { SignalProducer(value: symbols.value) }
                clear = Action { SignalProducer(value: ()) }
                _quotes <~ refresh.values
                lastError <~ refresh.errors.map { Optional("\($0)") }
                cleared <~ clear.values.map { 1 }
            }
            var surface: Surface { Surface(self) { $0.readOnly(\.lastError, \.cleared) } }
        }
        let found = graph(Ticker().surface)
        #expect(found["quotes"] == ["refresh"], "through _quotes, bound after quotes viewed it")
        #expect(found["count"] == ["quotes"])
        #expect(found["lastError"] == ["refresh"])
        #expect(found["cleared"] == ["clear"], "a private member bound to a Void command's values")
        #expect(found["refresh"] == [] && found["clear"] == [], "binding a command's values starts nothing")
    }

    @Test func aDeclarationAddsToWhatCompositionCannotShow() {
        final class Search: ViewModel {
            let query = MutableProperty("")
            let hits: Property<Int>
            let isEmpty: Property<Bool>
            let search: Action<Void, Int, Never>
            private let found = MutableProperty(0)
            private let pending = MutableProperty(false)
            init() {
                hits = Property(found)
                isEmpty = query.combineLatest(with: pending).map { $0.isEmpty && !$1 }
                let (found, query) = (found, query)
                search = Action { _ in
                    found.value = query.value.count
                    return SignalProducer(value: found.value)
                }
            }
            var surface: Surface {
                Surface(self) {
                    $0.hide(\.found)
                    $0.hide(\.pending)
                    $0.derive(\.hits, from: \.search)
                    $0.derive(\.isEmpty, from: \.search)
                }
            }
        }
        let found = graph(Search().surface)
        #expect(found["hits"] == ["search"])
        #expect(found["isEmpty"] == ["query", "search"], "what the code shows, then what is declared")
    }

    @Test func aDeclarationMatchingTheCodeIsAccepted() {
        final class Pair: ViewModel {
            let a = MutableProperty(1)
            let b = MutableProperty(2)
            let sum: Property<Int>
            init() { sum = a.combineLatest(with: b).map(+) }
            var surface: Surface { Surface(self) { $0.derive(\.sum, from: \.b, \.a) } }
        }
        #expect(graph(Pair().surface)["sum"] == ["a", "b"])
    }

    @Test func aDeclarationContradictingTheCodeIsAProblemNamingTheMember() {
        final class Contradicted: ViewModel {
            let username = MutableProperty("")
            let password = MutableProperty("")
            let isValid: Property<Bool>
            init() { isValid = username.map { $0.count > 4 } }
            var surface: Surface { Surface(self) { $0.derive(\.isValid, from: \.username, \.password) } }
        }
        let surface = Contradicted().surface
        #expect(surface.problems.count == 1)
        #expect(surface.problems.first?.hasPrefix("contradicted: isValid is declared to derive from username, password, but its code composes it from username") == true, "\(surface.problems)")
        do {
            _ = try surface.validated()
            Issue.record("validated() accepted a surface with a problem")
        } catch {
            #expect(error.description == surface.problems.joined(separator: "; "))
        }
    }

    @Test func declaringAnAlwaysEnabledCommandDerivedAddsWhatItsWorkReads() {
        final class Always: ViewModel {
            let flag = MutableProperty(false)
            let go = Action<Void, Int, Never> { _ in SignalProducer(value: 1) }
            var surface: Surface { Surface(self) { $0.derive(\.go, from: \.flag) } }
        }
        // A command's work is code composition cannot see: the declaration may be true.
        #expect(graph(Always().surface)["go"] == ["flag"])
    }

    @Test func recordingSourcesKeepsNoSourceAlive() {
        weak var weakSource: MutableProperty<Int>?
        var derived: Property<Int>?
        var completed = false
        do {
            let source = MutableProperty(1)
            weakSource = source
            derived = source.map { $0 + 1 }.skipRepeats()
            derived?.signal.observeCompleted { completed = true }
        }
        #expect(weakSource == nil)
        #expect(completed, "the derived property completes with its source")
        #expect(derived?.value == 2)
    }
}
