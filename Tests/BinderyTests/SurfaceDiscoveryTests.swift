import Bindery
import Testing

/// A view model declared without repeating a name: every member is found by `Surface(self)`.
private final class ShelfViewModel: ViewModel {
    struct Full: Error, CustomStringConvertible { var description: String { "the shelf is full" } }

    let title = MutableProperty("")
    let limit = MutableProperty(3)
    let ratio = MutableProperty(0.5)
    let open = MutableProperty(true)
    let books = MutableProperty<[String]>([])
    let count: Property<Int>
    let add: Action<Void, Int, Full>
    let remove: Action<Int, String, Never>
    let rename: Action<String, String, Never>
    let _helper = MutableProperty(0)
    let secret = MutableProperty("")

    init() {
        count = books.map(\.count)
        let (books, title, limit) = (self.books, self.title, self.limit)
        add = Action(enabledIf: open) { _ in
            guard books.value.count < limit.value else { return SignalProducer(error: Full()) }
            books.value.append(title.value)
            return SignalProducer(value: books.value.count)
        }
        remove = Action { index in SignalProducer(value: books.value.remove(at: index)) }
        rename = Action { name in SignalProducer(value: name.uppercased()) }
    }

    var surface: Surface {
        Surface(self) {
            $0.constrain(\.title, .maxLength(8))
            $0.derive(\.count, from: \.books)
            $0.derive(\.add, from: \.open)
            $0.argument(\.remove, named: "index")
            $0.hide(\.secret)
        }
    }
}

@Suite(.timeLimit(.minutes(2))) struct SurfaceDiscoveryTests {
    @Test func membersAreFoundInDeclarationOrderWithTheirSwiftNames() throws {
        let surface = ShelfViewModel().surface
        #expect(surface.name == "shelf")
        #expect(surface.inputs.map(\.name) == ["title", "limit", "ratio", "open", "books"])
        #expect(surface.inputs.map(\.type) == [.string, .int, .double, .bool, .json])
        #expect(surface.outputs.map(\.name) == ["count"])
        #expect(surface.outputs[0].derivesFrom == ["books"])
        #expect(surface.commands.map(\.name) == ["add", "remove", "rename"])
        #expect(surface.commands[0].enabledDerivesFrom == ["open"])
        #expect(surface.commands[1].argument == SurfaceCommand.Argument("index", .int))
        #expect(surface.commands[2].argument == SurfaceCommand.Argument("value", .string))
    }

    @Test func discoveredMembersAreLive() throws {
        let model = ShelfViewModel()
        let surface = model.surface
        #expect(throws: SurfaceError.self) { try surface.input(named: "title").set(.string("far too long"), viewModel: "shelf") }
        try surface.input(named: "title").set(.string("Dune"), viewModel: "shelf")
        #expect(model.title.value == "Dune")
        var values: [SurfaceValue] = []
        var failure: ActionError<SurfaceError>?
        let add = try surface.command(named: "add")
        for _ in 0..<4 {
            add.run(nil).start { event in
                if case let .value(v) = event { values.append(v) }
                if case let .failed(error) = event { failure = error }
            }
        }
        #expect(values == [.int(1), .int(2), .int(3)])
        #expect(failure.map { "\($0)" }?.contains("the shelf is full") == true)
        #expect(try surface.output(named: "count").value == .int(3))
        try surface.input(named: "open").set(.bool(false), viewModel: "shelf")
        #expect(add.isEnabled.value == false)
    }

    @Test func namesDefaultFromTheTypeName() {
        final class APIViewModel {}
        final class HTTPServerViewModel {}
        final class Counter {}
        #expect(Surface(APIViewModel()).name == "api")
        #expect(Surface(HTTPServerViewModel()).name == "httpServer")
        #expect(Surface(Counter()).name == "counter")
        #expect(Surface(Counter(), name: "tally").name == "tally")
    }

    @Test func aDerivationNamingNoMemberOrANameUsedTwiceIsAProblem() throws {
        let word = MutableProperty("")
        let misspelt = Surface(name: "gated", inputs: [.string("word", word)],
                               outputs: [SurfaceOutput("isLong", word.map { $0.count > 4 }, derivesFrom: ["wrod"])])
        #expect(misspelt.problems == ["gated: isLong derives from 'wrod', which is not a member — did you mean 'word'?"])
        let go = Action<Void, Int, Never> { _ in SignalProducer(value: 1) }
        let unknown = Surface(name: "gated", commands: [SurfaceCommand("go", go, enabledDerivesFrom: ["isLong"])])
        #expect(unknown.problems.count == 1)
        let twice = Surface(name: "gated", inputs: [.string("word", word), .string("word", word)])
        #expect(twice.inputs.count == 1)
        #expect(twice.problems == ["gated: input names must be unique ('word' is used twice)"])
        #expect(throws: SurfaceConstructionError.self) { try twice.validated() }
        #expect(try Surface(name: "fine", inputs: [.string("word", word)]).validated().inputs.count == 1)
    }

    @Test func aDeclarationNamingNoStoredMemberIsAProblem() {
        final class Loose: ViewModel {
            let word = MutableProperty("")
            var computed: MutableProperty<String> { MutableProperty("") }
            var surface: Surface { Surface(self) { $0.readOnly(\.computed) } }
        }
        let surface = Loose().surface
        #expect(surface.problems.count == 1)
        #expect(surface.problems.first?.contains("is not a stored property, Property or Action of the view model") == true, "\(surface.problems)")
        #expect(surface.inputs.map(\.name) == ["word"])
    }

    @Test func aDerivationNamingAMemberOfAnyKindIsAccepted() {
        let word = MutableProperty("")
        let go = Action<Void, Int, Never> { _ in SignalProducer(value: 1) }
        let surface = Surface(name: "gated", inputs: [.string("word", word)],
                              outputs: [SurfaceOutput("isLong", word.map { $0.count > 4 }, derivesFrom: ["word", "go"])],
                              commands: [SurfaceCommand("go", go, enabledDerivesFrom: ["isLong"])])
        #expect(surface.outputs[0].derivesFrom == ["word", "go"])
    }
}
