import Bindery
import BinderyHost
import BinderyJSON
import BinderyTestSupport
import Testing

/// A view model with a list output: `count` rows, the one at `selected` marked.
final class RowsViewModel: ViewModel {
    let surface: Surface
    let count = MutableProperty(100)
    let selected = MutableProperty(-1)
    let label = MutableProperty("x")

    init() {
        let rows = count.combineLatest(with: selected).combineLatest(with: label).map { pair, label in
            (0..<pair.0).map { index -> SurfaceRecord in
                ["id": .int(index), "label": .string(label), "isSelected": .bool(index == pair.1)]
            }
        }
        surface = Surface(
            name: "rows",
            inputs: [.int("count", count, .range(0...5_000)), .int("selected", selected, .range(-1...5_000)),
                     .string("label", label, .maxLength(10))],
            outputs: [SurfaceOutput("rows", rows, derivesFrom: ["count", "selected", "label"])],
            commands: [])
    }
}

/// The change feed the host keeps (docs/HTTP.md, `/api/changes`): only what changed, rows of
/// lists by index, and a reset for a cursor it cannot answer.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ChangeFeedTests {
    private func makeHost() -> ViewModelHost {
        startedHost(queue: "test.changes") { RowsViewModel() }.host
    }

    private func set(_ host: ViewModelHost, _ name: String, _ value: Int) {
        let done = Completion<Bool>()
        host.set(viewModel: "rows", input: name, value: .int(value)) { done.fulfil((try? $0.get()) != nil) }
        #expect(done.wait() == true)
    }

    private func entries(_ host: ViewModelHost, after cursor: UInt64) throws -> [JSONValue] {
        guard case let .changes(_, entries, _) = host.changes(after: cursor) else {
            Issue.record("expected changes after \(cursor)")
            return []
        }
        return try entries.map { try JSONParser.parse($0) }
    }

    @Test func toggledRowsAreSentAsRowsAndAnUnchangedMemberIsNotSent() throws {
        let host = makeHost()
        let before = host.version
        set(host, "selected", 5)
        let changes = try entries(host, after: before)
        let list = try #require(changes.first { $0["part"] == .string("output") })
        #expect(changes.count == 2)  // the input set and the one list
        #expect(list["vm"] == .string("rows"))
        #expect(list["name"] == .string("rows"))
        #expect(list["length"] == .int(100))
        #expect(list["value"] == nil)
        let rows = list["rows"]?.arrayValue ?? []
        #expect(rows.count == 1)
        #expect(rows.first?.arrayValue?.first == .int(5))
        #expect(rows.first?.arrayValue?.last?["isSelected"] == .bool(true))

        let middle = host.version
        set(host, "selected", 6)
        let rows2 = try entries(host, after: middle).first { $0["part"] == .string("output") }?["rows"]?.arrayValue ?? []
        #expect(rows2.compactMap { $0.arrayValue?.first?.intValue }.sorted() == [5, 6])
        // Two versions' changes, in order.
        #expect(try entries(host, after: before).count == 4)
    }

    @Test func applyingTheFeedToTheLastStateGivesTheNewState() throws {
        let host = makeHost()
        var client = try JSONParser.parse(host.snapshot.json)
        var cursor = host.version
        var generator = SystemRandomNumberGenerator()
        for step in 0..<40 {
            switch step % 3 {
            case 0: set(host, "count", Int.random(in: 0...120, using: &generator))
            case 1: set(host, "selected", Int.random(in: -1...120, using: &generator))
            default:
                let done = Completion<Bool>()
                host.set(viewModel: "rows", input: "label", value: .string("l\(step)")) { done.fulfil((try? $0.get()) != nil) }
                #expect(done.wait() == true)
            }
            for change in try entries(host, after: cursor) { client = Self.apply(change, to: client) }
            cursor = host.version
            let expected = try JSONParser.parse(host.snapshot.json)
            #expect(client["viewModels"] == expected["viewModels"], "after step \(step)")
        }
    }

    @Test func aCursorNotInTheKeptHistoryGetsAReset() throws {
        let host = makeHost()
        let first = host.version
        set(host, "selected", 1)
        if case .unchanged = host.changes(after: host.version) {} else { Issue.record("the current cursor should be unchanged") }
        // Before this run's first version (another run's cursor), and from the future.
        for cursor in [first - 1, 0, host.version + 1] {
            guard case let .reset(snapshot) = host.changes(after: cursor) else {
                Issue.record("cursor \(cursor) should get a reset")
                continue
            }
            #expect(snapshot.version == host.version)
        }
    }

    /// What a dashboard does with one change entry.
    static func apply(_ change: JSONValue, to state: JSONValue) -> JSONValue {
        guard let vm = change["vm"]?.stringValue, let part = change["part"]?.stringValue,
              let name = change["name"]?.stringValue else { return state }
        return updating(state, path: ["viewModels", vm, part + "s", name]) { old in
            if let value = change["value"] { return value }
            guard let length = change["length"]?.intValue, var rows = old?.arrayValue else { return old ?? .null }
            rows = Array(rows.prefix(length))
            for pair in change["rows"]?.arrayValue ?? [] {
                guard let index = pair.arrayValue?.first?.intValue, let row = pair.arrayValue?.last else { continue }
                if index < rows.count { rows[index] = row } else { rows.append(row) }
            }
            return .array(rows)
        }
    }

    private static func updating(_ value: JSONValue, path: [String], _ change: (JSONValue?) -> JSONValue) -> JSONValue {
        guard let key = path.first else { return change(value) }
        guard case var .object(members) = value else { return value }
        if let index = members.lastIndex(where: { $0.key == key }) {
            members[index].value = path.count == 1 ? change(members[index].value) : updating(members[index].value, path: Array(path.dropFirst()), change)
        } else if path.count == 1 {
            members.append((key, change(nil)))
        }
        return .object(members)
    }
}
