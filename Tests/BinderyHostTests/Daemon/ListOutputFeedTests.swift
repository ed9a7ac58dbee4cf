import Bindery
import BinderyHost
import BinderyJSON
import BinderyPrimitives
import BinderyTestSupport
import Foundation
import Synchronization
import Testing

/// A row that counts its conversions to plain data, to prove what the host converts per edit.
struct CountedRecord: SurfaceRepresentable, Sendable {
    static let conversions = Synchronization.Atomic<Int>(0)
    let id: Int
    let label: String

    var surfaceValue: SurfaceValue {
        Self.conversions.add(1, ordering: .relaxed)
        return .record(["id": .int(id), "label": .string(label)])
    }
}

/// A view model whose one output is a list that reports its edits.
final class ShelfViewModel: ViewModel {
    let rows: MutableListProperty<CountedRecord>
    let surface: Surface

    init(count: Int) {
        rows = MutableListProperty((0..<count).map { CountedRecord(id: $0, label: "r\($0)") })
        surface = Surface(name: "shelf", outputs: [SurfaceOutput("rows", ListProperty(rows))])
    }
}

/// A list output that reports its edits (`MutableListProperty`) through the host's change feed,
/// `/api/state`, `get` and watch streams: the host follows the edits themselves — converting
/// and encoding only the rows they carry — and clients see what a compared list would show.
/// Serialized: its tests share the conversion counter.
@Suite(.ownThreads, .serialized, .timeLimit(.minutes(2))) struct ListOutputFeedTests {
    private struct Hosted {
        let host: ViewModelHost
        let model: ShelfViewModel

        /// Edits the list on the host's scheduler, as a view model does, and waits for the flush.
        func edit(_ body: @escaping @Sendable (MutableListProperty<CountedRecord>) -> Void) {
            let rows = model.rows
            host.scheduler.queue.sync { body(rows) }
            host.scheduler.queue.sync {}  // the flush queued behind the editing turn
        }

        func entries(after cursor: UInt64) throws -> [JSONValue] {
            guard case let .changes(_, entries, _) = host.changes(after: cursor) else {
                Issue.record("expected changes after \(cursor)")
                return []
            }
            return try entries.map { try JSONParser.parse($0) }
        }
    }

    private func makeHost(rows: Int) -> Hosted {
        let (host, model) = startedHost(queue: "test.shelf") { ShelfViewModel(count: rows) }
        return Hosted(host: host, model: model)
    }

    @Test func anEditOfOneRowIsSentAsThatRowAndConvertsOnlyIt() throws {
        let hosted = makeHost(rows: 5_000)
        let before = hosted.host.version
        let conversions = CountedRecord.conversions.load(ordering: .relaxed)
        hosted.edit { $0[7] = CountedRecord(id: 7, label: "seven") }
        #expect(CountedRecord.conversions.load(ordering: .relaxed) - conversions == 1, "no whole-list conversion")
        let changes = try hosted.entries(after: before)
        #expect(changes.count == 1)
        #expect(changes.first?["length"] == .int(5_000))
        #expect(changes.first?["value"] == nil)
        let rows = changes.first?["rows"]?.arrayValue ?? []
        #expect(rows.count == 1)
        #expect(rows.first?.arrayValue?.first == .int(7))
        #expect(rows.first?.arrayValue?.last?["label"] == .string("seven"))
        let state = try JSONParser.parse(hosted.host.snapshot.json)
        #expect(state["viewModels"]?["shelf"]?["outputs"]?["rows"]?.arrayValue?[7]["label"] == .string("seven"))
    }

    @Test func anAppendIsSentAsTheNewRowsAtTheEnd() throws {
        let hosted = makeHost(rows: 100)
        let before = hosted.host.version
        hosted.edit { $0.append(contentsOf: (100..<103).map { CountedRecord(id: $0, label: "new") }) }
        let change = try #require(try hosted.entries(after: before).first)
        #expect(change["length"] == .int(103))
        #expect(change["rows"]?.arrayValue?.compactMap { $0.arrayValue?.first?.intValue } == [100, 101, 102])
    }

    @Test func editsThatChangeNothingSendNothing() throws {
        let hosted = makeHost(rows: 10)
        let before = hosted.host.version
        hosted.edit { $0[3] = CountedRecord(id: 3, label: "r3") }  // the same row again
        hosted.edit { $0.value = (0..<10).map { CountedRecord(id: $0, label: "r\($0)") } }
        #expect(try hosted.entries(after: before).isEmpty)
    }

    @Test func applyingTheFeedGivesTheStateAfterRandomEdits() throws {
        // Over 4,096 rows: edits cross the host's chunks (64 rows) and groups (64 chunks).
        let hosted = makeHost(rows: 4_500)
        var client = try JSONParser.parse(hosted.host.snapshot.json)
        var cursor = hosted.host.version
        var generator = SystemRandomNumberGenerator()
        for step in 0..<30 {
            let seed = Int.random(in: 0..<1_000_000, using: &generator)
            // Several edits in one turn: the host reports their sum, by index.
            hosted.edit { rows in
                var random = seed
                for edit in 0...(seed % 4) {
                    random = (random &* 1_103_515_245 &+ 12_345) & 0x7fff_ffff
                    let count = rows.count
                    let row = CountedRecord(id: step * 10 + edit, label: "s\(step)")
                    switch random % 6 {
                    case 0 where count > 0: rows[random % count] = row
                    case 1: rows.insert(row, at: random % (count + 1))
                    case 2 where count > 0:
                        let start = random % count
                        rows.removeSubrange(start..<min(count, start + 1 + random % 3))
                    case 3: rows.append(contentsOf: [row, row])
                    case 4 where step % 10 == 0: rows.value = (0..<(random % 9_000)).map { CountedRecord(id: $0, label: "reset") }
                    default: if count > 0 { rows[count - 1] = row }
                    }
                }
            }
            for change in try hosted.entries(after: cursor) { client = ChangeFeedTests.apply(change, to: client) }
            cursor = hosted.host.version
            let expected = try JSONParser.parse(hosted.host.snapshot.json)
            #expect(client["viewModels"] == expected["viewModels"], "after step \(step)")
            guard step % 10 == 9 else { continue }
            let live = hosted.model.rows.value.map { row -> JSONValue in .object([("id", .int(row.id)), ("label", .string(row.label))]) }
            #expect(expected["viewModels"]?["shelf"]?["outputs"]?["rows"] == .array(live), "the state is the list, after step \(step)")
        }
    }

    @Test func aListGrowingAndShrinkingAcrossManyChunksStaysExact() throws {
        let hosted = makeHost(rows: 0)
        var client = try JSONParser.parse(hosted.host.snapshot.json)
        var cursor = hosted.host.version
        let steps: [@Sendable (MutableListProperty<CountedRecord>) -> Void] = [
            { $0.value = (0..<10_000).map { CountedRecord(id: $0, label: "a") } },
            { $0[9_999] = CountedRecord(id: -1, label: "last") },
            { $0.removeSubrange(0..<5_000) },
            { $0.append(contentsOf: (0..<6_000).map { CountedRecord(id: $0, label: "b") }) },
            { $0.insert(CountedRecord(id: -2, label: "first"), at: 0) },
            { $0.value = (0..<3).map { CountedRecord(id: $0, label: "c") } },
            { $0.removeAll() },
        ]
        for (index, step) in steps.enumerated() {
            hosted.edit(step)
            for change in try hosted.entries(after: cursor) { client = ChangeFeedTests.apply(change, to: client) }
            cursor = hosted.host.version
            let expected = try JSONParser.parse(hosted.host.snapshot.json)
            #expect(client["viewModels"] == expected["viewModels"], "after step \(index)")
            let ids = expected["viewModels"]?["shelf"]?["outputs"]?["rows"]?.arrayValue?.compactMap { $0["id"]?.intValue }
            #expect(ids == hosted.model.rows.value.map(\.id), "the state is the list, after step \(index)")
            let read = Completion<[UInt8]>()
            hosted.host.read(viewModel: "shelf", name: "rows") { read.fulfil((try? $0.get())?.json ?? []) }
            #expect(try JSONParser.parse(try #require(read.wait())) == expected["viewModels"]?["shelf"]?["outputs"]?["rows"],
                    "get shows the list, after step \(index)")
        }
    }

    @Test func getAndWatchShowTheWholeList() throws {
        let hosted = makeHost(rows: 3)
        let events = Lock<[[UInt8]]>([])
        let watch = hosted.host.watch(viewModel: "shelf") { json in events.withLock { $0.append(json) } }
        defer { hosted.host.unwatch(watch) }
        hosted.edit { $0.remove(at: 0) }
        let event = try JSONParser.parse(try #require(events.withLock { $0.last }))
        #expect(event["kind"] == .string("change"))
        #expect(event["name"] == .string("rows"))
        #expect(event["value"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [1, 2])

        let read = Completion<[UInt8]>()
        hosted.host.read(viewModel: "shelf", name: "rows") { read.fulfil((try? $0.get())?.json ?? []) }
        #expect(try JSONParser.parse(try #require(read.wait())).arrayValue?.compactMap { $0["id"]?.intValue } == [1, 2])
    }

    /// The real binderyd: the products list reports a toggle as one row and a page as the rows
    /// it appends, in `/api/changes` (docs/HTTP.md).
    @Test func theDaemonsProductsFeedCarriesOnlyTheToggledRowAndTheAppendedPage() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let client = try daemon.control()
        let http = try daemon.http()
        #expect(try client.request(#"{"op":"set","vm":"api","name":"latencyMs","value":0}"#).isOK)
        #expect(try client.request(#"{"op":"set","vm":"api","name":"failureRate","value":0}"#).isOK)
        #expect(try client.request(#"{"op":"run","vm":"products","name":"refresh"}"#).isOK)
        func version() throws -> Int { try #require(try JSONParser.parse(try http.get("/api/changes").body)["version"]?.intValue) }
        func products(after cursor: Int) throws -> JSONValue? {
            let changes = try JSONParser.parse(try http.get("/api/changes?since=\(cursor)").body)["changes"]?.arrayValue ?? []
            return changes.first { $0["vm"] == .string("products") && $0["name"] == .string("products") }
        }

        let beforeToggle = try version()
        #expect(try client.request(#"{"op":"run","vm":"products","name":"toggle","arg":1}"#).isOK)
        let toggled = try #require(try products(after: beforeToggle))
        #expect(toggled["length"] == .int(15))
        #expect(toggled["rows"]?.arrayValue?.count == 1)
        #expect(toggled["rows"]?.arrayValue?.first?.arrayValue?.first == .int(1))
        #expect(toggled["rows"]?.arrayValue?.first?.arrayValue?.last?["isSelected"] == .bool(true))

        let beforePage = try version()
        #expect(try client.request(#"{"op":"run","vm":"products","name":"loadMore"}"#).isOK)
        let page = try #require(try products(after: beforePage))
        #expect(page["length"] == .int(30))
        #expect(page["rows"]?.arrayValue?.compactMap { $0.arrayValue?.first?.intValue } == Array(15..<30))
        #expect(daemon.stop() == 0)
    }
}
