import Bindery
import FoundationEssentials
import Testing

/// Issue 31, item 4: surface rules a newcomer can guess.
private enum SortOrder: String, Codable, CaseIterable, Sendable { case relevance, newest, title }

/// A `Codable` struct as a list row: no `surfaceValue`, no `itemFields`.
private struct Hit: Codable, Sendable, Equatable {
    let title: String
    let order: SortOrder
    let addedAt: Date
    let note: String?
}

/// The same as a `SurfaceItem` that writes nothing but its conformance.
private struct Row: SurfaceItem, Codable, Sendable {
    let title: String
    let isDone: Bool
}

private final class SearchViewModel: ViewModel {
    let query = MutableProperty("")
    let sort = MutableProperty(SortOrder.relevance)
    let since = MutableProperty<Date?>(nil)
    let hits = MutableListProperty<Hit>()
    let rows = Property(value: [Row(title: "milk", isDone: true)])
    let page = MutableProperty(0)
    let lastLoadedAt = MutableProperty<Date?>(nil)
    let search = Action<Void, Int, Never> { _ in SignalProducer(value: 0) }

    var surface: Surface {
        Surface(self) {
            $0.readOnly(\.page, \.lastLoadedAt)
            $0.runAtStart(\.search)
        }
    }
}

@Suite struct SurfaceRulesTests {
    @Test func readOnlyMutablePropertiesAreOutputsNamedOnce() throws {
        let surface = SearchViewModel().surface
        #expect(surface.inputs.map(\.name) == ["query", "sort", "since"])
        #expect(surface.outputs.map(\.name) == ["hits", "rows", "page", "lastLoadedAt"])
        #expect(surface.commandsAtStart == ["search"])
    }

    @Test func typesReadAsWritten() throws {
        let inputs = SearchViewModel().surface.inputs
        #expect(inputs.map(\.typeName) == [nil, "SortOrder: relevance | newest | title", "Date?"])
    }

    @Test func collectionsAndOptionalsAreSpelledAsSwiftWritesThem() throws {
        final class Shapes: ViewModel {
            let tags = MutableProperty<[String]>([])
            let counts = MutableProperty<[String: [Int]]>([:])
            let site = MutableProperty<URL?>(nil)
            var surface: Surface { Surface(self) }
        }
        #expect(Shapes().surface.inputs.map(\.typeName) == ["[String]", "[String: [Int]]", "URL?"])
    }

    @Test func codableRowsAreListRowsWithTheirFieldsAsColumns() throws {
        let model = SearchViewModel()
        let surface = model.surface
        let hits = try #require(surface.outputs.first { $0.name == "hits" })
        #expect(hits.itemFields.map(\.name) == ["title", "order", "addedAt", "note"])
        #expect(hits.itemFields.map(\.label) == ["Title", "Order", "Added at", "Note"])
        #expect(hits.rowChanges != nil, "a list of Codable rows reports its edits")
        model.hits.append(Hit(title: "Swift", order: .newest, addedAt: Date(timeIntervalSince1970: 0), note: nil))
        #expect(hits.value == .list([.record(SurfaceRecord([
            .init("title", .string("Swift")), .init("order", .string("newest")),
            .init("addedAt", .string("1970-01-01T00:00:00.000Z")),
        ]))]), "a nil field is left out, as its Codable form leaves it out")
        let rows = try #require(surface.outputs.first { $0.name == "rows" })
        #expect(rows.itemFields.map(\.name) == ["title", "isDone"])
        #expect(Row.itemFields.map(\.label) == ["Title", "Is done"])
        #expect(rows.value == .list([.record(SurfaceRecord([.init("title", .string("milk")), .init("isDone", .bool(true))]))]))
    }

    @Test(arguments: [1_764_899_999.0277, 1_764_899_999.0265, 0.001, 1_764_899_999.9996])
    func datesRoundTripOnTheirShownMillisecond(seconds: Double) throws {
        let shown = Date(timeIntervalSince1970: seconds).surfaceValue
        let read = try #require(Date(surfaceValue: shown))
        #expect(read.surfaceValue == shown)
        #expect(try #require(Date(surfaceValue: read.surfaceValue)).surfaceValue == shown, "and again")
    }
}
