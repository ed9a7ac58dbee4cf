import Bindery
import FoundationEssentials
import Testing

/// A view model whose inputs are optionals, arrays and dictionaries of the common value types,
/// and enums with raw values.
private final class ItineraryViewModel: ViewModel {
    /// Neither CaseIterable nor SurfaceRepresentable: Codable only.
    enum Level: Int, Codable, Sendable { case low = 1, high = 9 }

    enum Mood: String, Codable, CaseIterable, SurfaceRepresentable, Sendable { case calm, busy }

    let returning = MutableProperty<Date?>(nil)
    let seats = MutableProperty<Int?>(2)
    let note = MutableProperty<String?>(nil)
    let ratio = MutableProperty<Float?>(nil)
    let stops = MutableProperty<[Date]>([])
    let tickets = MutableProperty<[UUID]>([])
    let weights = MutableProperty<[String: Float]>([:])
    let links = MutableProperty<[URL]?>(nil)
    let mood = MutableProperty(Mood.calm)
    let level = MutableProperty(Level.low)
    let summary: Property<String>
    let lastStop: Property<Date?>
    let stopTimes: Property<[Date]>
    let ticketsByName: Property<[String: UUID]>
    let site: Property<URL?>

    init() {
        summary = stops.map { "\($0.count) stops" }
        lastStop = stops.map(\.last)
        stopTimes = Property(stops)
        ticketsByName = tickets.map { Dictionary(uniqueKeysWithValues: $0.enumerated().map { ("t\($0.offset)", $0.element) }) }
        site = links.map { $0?.first }
    }

    var surface: Surface { Surface(self) }
}

/// A type of one's own, typed as a string with a rule of its own.
private struct Postcode: SurfaceScalar, Equatable {
    let text: String
    static var valueType: ValueType { .string }
    static var expectation: String? { "a postcode such as SW1A 1AA" }
    var surfaceValue: SurfaceValue { .string(text) }
    init?(surfaceValue: SurfaceValue) {
        guard case let .string(s) = surfaceValue, s.count >= 5, s.contains(" ") else { return nil }
        text = s.uppercased()
    }
}

private final class AddressViewModel: ViewModel {
    let postcode = MutableProperty(Postcode(surfaceValue: .string("SW1A 1AA"))!)
    let previous = MutableProperty<Postcode?>(nil)
    var surface: Surface { Surface(self) }
}

/// A value a surface shows but cannot read back (not Codable).
private struct Badge: SurfaceRepresentable, Sendable {
    var surfaceValue: SurfaceValue { .string("★") }
}

private final class BadgeViewModel: ViewModel {
    let badge = MutableProperty(Badge())
    var surface: Surface { Surface(self) }
}

@Suite(.timeLimit(.minutes(2))) struct OptionalAndCollectionInputTests {
    @Test func optionalsArraysDictionariesAndEnumsAreInputs() throws {
        let surface = ItineraryViewModel().surface
        #expect(surface.inputs.map(\.name) == ["returning", "seats", "note", "ratio", "stops", "tickets", "weights", "links", "mood", "level"])
        #expect(surface.inputs.map(\.type) == [.string, .int, .string, .double, .json, .json, .json, .json, .string, .int])
        #expect(surface.inputs.map(\.isOptional) == [true, true, true, true, false, false, false, false, false, false])
        #expect(surface.outputs.map(\.name) == ["summary", "lastStop", "stopTimes", "ticketsByName", "site"])
    }

    @Test func anOptionalTakesItsTypeAsTypedOrNull() throws {
        let model = ItineraryViewModel()
        let surface = model.surface
        let returning = try surface.input(named: "returning")
        #expect(try returning.parse("2026-12-02T10:00:00Z", viewModel: "itinerary") == .string("2026-12-02T10:00:00.000Z"),
                "a value is returned as the input holds and shows it")
        try returning.set(try returning.parse("2026-12-02T10:00:00Z", viewModel: "itinerary"), viewModel: "itinerary")
        #expect(model.returning.value == Date(timeIntervalSince1970: 1_796_205_600))
        #expect(returning.value == .string("2026-12-02T10:00:00.000Z"))
        try returning.set(try returning.parse("null", viewModel: "itinerary"), viewModel: "itinerary")
        #expect(model.returning.value == nil)
        #expect(returning.value == .null)

        let seats = try surface.input(named: "seats")
        try seats.set(try seats.parse(" 7 ", viewModel: "itinerary"), viewModel: "itinerary")
        #expect(model.seats.value == 7)
        try seats.set(.null, viewModel: "itinerary")
        #expect(model.seats.value == nil)
        let note = try surface.input(named: "note")
        try note.set(try note.parse("aisle", viewModel: "itinerary"), viewModel: "itinerary")
        #expect(model.note.value == "aisle")
        let ratio = try surface.input(named: "ratio")
        try ratio.set(.int(1), viewModel: "itinerary")
        #expect(model.ratio.value == 1)
    }

    @Test func aValueAnOptionalCannotTakeIsRefusedNamingWhatItTakes() throws {
        let model = ItineraryViewModel()
        let surface = model.surface
        #expect(throws: SurfaceError(.invalidValue, "itinerary.returning expects an ISO 8601 date and time such as 2026-12-01T23:41:07Z or null, got \"tomorrow\"")) {
            try surface.input(named: "returning").set(try surface.input(named: "returning").parse("tomorrow", viewModel: "itinerary"), viewModel: "itinerary")
        }
        #expect(throws: SurfaceError(.invalidValue, "itinerary.seats expects an int or null, got \"many\"")) {
            try surface.input(named: "seats").parse("many", viewModel: "itinerary")
        }
        #expect(throws: SurfaceError(.invalidValue, "itinerary.seats expects an int or null, got string \"7\"")) {
            try surface.input(named: "seats").set(.string("7"), viewModel: "itinerary")
        }
        #expect(model.seats.value == 2, "a refused value changes nothing")
    }

    @Test func arraysAndDictionariesAreSetAsJSONWithTheirElementsAsTheyShow() throws {
        let model = ItineraryViewModel()
        let surface = model.surface
        let stops = try surface.input(named: "stops")
        try stops.set(try stops.parse(#"["2026-12-02T10:00:00Z", "2026-12-03T10:00:00.500Z"]"#, viewModel: "itinerary"), viewModel: "itinerary")
        #expect(model.stops.value == [Date(timeIntervalSince1970: 1_796_205_600), Date(timeIntervalSince1970: 1_796_292_000.5)])
        #expect(stops.value == .list([.string("2026-12-02T10:00:00.000Z"), .string("2026-12-03T10:00:00.500Z")]))
        #expect(try surface.output(named: "summary").value == .string("2 stops"))

        let tickets = try surface.input(named: "tickets")
        try tickets.set(try tickets.parse(#"["00000000-0000-0000-0000-000000000001"]"#, viewModel: "itinerary"), viewModel: "itinerary")
        #expect(model.tickets.value.map(\.uuidString) == ["00000000-0000-0000-0000-000000000001"])

        let weights = try surface.input(named: "weights")
        try weights.set(try weights.parse(#"{"b": 0.5, "a": 1}"#, viewModel: "itinerary"), viewModel: "itinerary")
        #expect(model.weights.value == ["a": 1, "b": 0.5])
        #expect(weights.value == .record(["a": .double(1), "b": .double(0.5)]), "a dictionary shows in key order")

        let links = try surface.input(named: "links")
        try links.set(try links.parse(#"["https://example.com/a"]"#, viewModel: "itinerary"), viewModel: "itinerary")
        #expect(model.links.value == [URL(string: "https://example.com/a")!])
        try links.set(try links.parse("null", viewModel: "itinerary"), viewModel: "itinerary")
        #expect(model.links.value == nil)

    }

    @Test func anEnumWithRawValuesIsTypedAsItsRawValue() throws {
        let model = ItineraryViewModel()
        let surface = model.surface
        let mood = try surface.input(named: "mood")
        try mood.set(try mood.parse("busy", viewModel: "itinerary"), viewModel: "itinerary")
        #expect(model.mood.value == .busy)
        #expect(mood.value == .string("busy"))
        #expect(throws: SurfaceError(.invalidValue, "itinerary.mood expects one of \"calm\", \"busy\", got \"happy\"")) {
            try mood.parse("happy", viewModel: "itinerary")
        }
        let level = try surface.input(named: "level")
        try level.set(try level.parse("9", viewModel: "itinerary"), viewModel: "itinerary")
        #expect(model.level.value == .high)
        #expect(level.value == .int(9))
        #expect(throws: SurfaceError(.invalidValue, "itinerary.level expects a raw value of Level, got 5")) {
            try level.set(.int(5), viewModel: "itinerary")
        }
        #expect(model.mood.value == .busy && model.level.value == .high, "a refused value changes nothing")
    }

    @Test func optionalsArraysAndDictionariesOfTheseAreOutputsToo() throws {
        let model = ItineraryViewModel()
        let surface = model.surface
        #expect(try surface.output(named: "lastStop").value == .null)
        model.stops.value = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1.25)]
        model.tickets.value = [UUID(uuidString: "00000000-0000-0000-0000-000000000002")!]
        model.links.value = [URL(string: "https://example.com/")!]
        #expect(try surface.output(named: "lastStop").value == .string("1970-01-01T00:00:01.250Z"))
        #expect(try surface.output(named: "stopTimes").value == .list([.string("1970-01-01T00:00:00.000Z"), .string("1970-01-01T00:00:01.250Z")]))
        #expect(try surface.output(named: "ticketsByName").value == .record(["t0": .string("00000000-0000-0000-0000-000000000002")]))
        #expect(try surface.output(named: "site").value == .string("https://example.com/"))
    }

    @Test func anElementTheArrayCannotTakeIsRefusedAndChangesNothing() throws {
        let model = ItineraryViewModel()
        let stops = try model.surface.input(named: "stops")
        #expect(throws: SurfaceError(.invalidValue, "itinerary.stops expects Array<Date> as JSON (its Codable form), got [\"tomorrow\"]")) {
            try stops.set(.list([.string("tomorrow")]), viewModel: "itinerary")
        }
        #expect(throws: SurfaceError(.invalidValue, "itinerary.stops expects a JSON value, got \"[tomorrow]\"")) {
            try stops.parse("[tomorrow]", viewModel: "itinerary")
        }
        #expect(model.stops.value.isEmpty)
    }

    @Test func aTypeOfOnesOwnIsTypedByConformingToSurfaceScalar() throws {
        let model = AddressViewModel()
        let surface = model.surface
        #expect(surface.inputs.map(\.type) == [.string, .string])
        #expect(surface.inputs.map(\.isOptional) == [false, true])
        #expect(try surface.input(named: "postcode").set(.string("ec1a 1bb"), viewModel: "address") == .string("EC1A 1BB"))
        #expect(model.postcode.value.text == "EC1A 1BB")
        #expect(throws: SurfaceError(.invalidValue, "address.previous expects a postcode such as SW1A 1AA or null, got \"x\"")) {
            try surface.input(named: "previous").parse("x", viewModel: "address")
        }
    }

    @Test func aValueTheSurfaceCannotReadBackIsAnOutput() throws {
        let surface = BadgeViewModel().surface
        #expect(surface.inputs.isEmpty)
        #expect(try surface.output(named: "badge").value == .string("★"))
    }
}
