import Bindery
import FoundationEssentials
import Testing

/// A view model with the value types beyond String, Int, Double and Bool.
private final class TripViewModel: ViewModel {
    enum Mood: String, SurfaceRepresentable, Sendable { case calm, busy }

    let ratio = MutableProperty<Float>(0.5)
    let departure = MutableProperty(Date(timeIntervalSince1970: 0))
    let site = MutableProperty(URL(string: "https://example.com/")!)
    let ticket = MutableProperty(UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000")!)
    let mood = Property(value: Mood.calm)
    let seats = Property(value: ["b": 2, "a": 1])
    let arrival = Property(value: Date(timeIntervalSince1970: 1.5))

    var surface: Surface { Surface(self) }
}

/// A value type the view model never made SurfaceRepresentable, only Codable.
private struct Booking: Codable, Equatable, Sendable {
    enum Class: String, Codable, Sendable { case economy, business }
    var seat: String
    var travelClass: Class
    var when: Date
    var note: String?
    var legs: [Int]
}

/// A Codable value as an input (set as JSON) and as an output (shown by its encoding).
private final class BookingViewModel: ViewModel {
    let booking = MutableProperty(Booking(seat: "12A", travelClass: .business, when: Date(timeIntervalSince1970: 0), note: nil, legs: [1, 2]))
    let confirmed: Property<Booking>
    init() { confirmed = Property(booking) }
    var surface: Surface { Surface(self) }
}

/// A thing with no Codable form and no SurfaceValue.
private final class Handle: Sendable {}

/// A view model holding a value no surface can carry.
private final class OddViewModel: ViewModel {
    let handle = MutableProperty(Handle())
    var surface: Surface { Surface(self) }
}

@Suite(.timeLimit(.minutes(2))) struct SurfaceTypesTests {
    @Test func floatDateURLAndUUIDAreInputs() throws {
        let model = TripViewModel()
        let surface = model.surface
        #expect(surface.inputs.map(\.name) == ["ratio", "departure", "site", "ticket"])
        #expect(surface.inputs.map(\.type) == [.double, .string, .string, .string])
        #expect(try surface.input(named: "departure").value == .string("1970-01-01T00:00:00.000Z"))
        try surface.input(named: "departure").set(.string("2026-12-01T23:41:07Z"), viewModel: "trip")
        #expect(model.departure.value == Date(timeIntervalSince1970: 1_796_168_467))
        try surface.input(named: "ratio").set(.double(0.25), viewModel: "trip")
        #expect(model.ratio.value == 0.25)
        try surface.input(named: "ticket").set(.string("00000000-0000-0000-0000-000000000001"), viewModel: "trip")
        #expect(model.ticket.value.uuidString == "00000000-0000-0000-0000-000000000001")
    }

    @Test func aValueTheTypeCannotTakeIsRefusedNamingWhatItTakes() throws {
        let model = TripViewModel()
        let surface = model.surface
        #expect(throws: SurfaceError(.invalidValue, "trip.departure expects an ISO 8601 date and time such as 2026-12-01T23:41:07Z, got \"tomorrow\"")) {
            try surface.input(named: "departure").set(.string("tomorrow"), viewModel: "trip")
        }
        #expect(throws: SurfaceError.self) { try surface.input(named: "site").set(.string("not a url"), viewModel: "trip") }
        #expect(throws: SurfaceError.self) { try surface.input(named: "ticket").set(.string("123"), viewModel: "trip") }
        #expect(model.departure.value == Date(timeIntervalSince1970: 0), "a refused value changes nothing")
    }

    @Test func enumsDictionariesAndDatesAreOutputs() throws {
        let surface = TripViewModel().surface
        #expect(try surface.output(named: "mood").value == .string("calm"))
        #expect(try surface.output(named: "seats").value == .record(["a": .int(1), "b": .int(2)]))
        #expect(try surface.output(named: "arrival").value == .string("1970-01-01T00:00:01.500Z"))
    }

    @Test func aCodableValueIsAnInputSetAsJSONInItsCodableForm() throws {
        let model = BookingViewModel()
        let input = try model.surface.input(named: "booking")
        #expect(input.type == .json)
        let sent = try input.parse(#"{"seat": "3C", "travelClass": "economy", "when": "2026-12-01T23:41:07Z", "legs": [7]}"#,
                                   viewModel: "booking")
        try input.set(sent, viewModel: "booking")
        #expect(model.booking.value == Booking(seat: "3C", travelClass: .economy, when: Date(timeIntervalSince1970: 1_796_168_467),
                                               note: nil, legs: [7]))
        #expect(throws: SurfaceError(.invalidValue, "booking.booking expects Booking as JSON (its Codable form), got {seat: \"4D\"}")) {
            try input.set(.record(["seat": .string("4D")]), viewModel: "booking")
        }
        #expect(throws: SurfaceError.self) {
            try input.set(.record(["seat": .string("4D"), "travelClass": .string("first"), "when": .string("2026-12-01T23:41:07Z"),
                                   "legs": .list([])]), viewModel: "booking")
        }
        #expect(model.booking.value.seat == "3C", "a refused value changes nothing")
    }

    @Test func aCodableValueIsAnOutputByItsEncodingInDeclarationOrder() throws {
        let model = BookingViewModel()
        let output = try model.surface.output(named: "confirmed")
        #expect(output.value == .record(["seat": .string("12A"), "travelClass": .string("business"),
                                         "when": .string("1970-01-01T00:00:00.000Z"), "legs": .list([.int(1), .int(2)])]))
        model.booking.value.note = "aisle"
        if case let .record(record) = output.value {
            #expect(record.fields.map(\.name) == ["seat", "travelClass", "when", "note", "legs"])
            #expect(record["note"] == .string("aisle"))
        } else {
            Issue.record("not a record: \(output.value)")
        }
    }

    @Test func aValueNoSurfaceCanCarryIsAProblemNamingTheMemberNotAStop() {
        let surface = OddViewModel().surface
        #expect(surface.problems == ["odd: handle is a MutableProperty<Handle>, and a surface cannot carry Handle; make it Codable to set it as JSON, or SurfaceRepresentable to show it (docs/GUIDE.md, \"Values\"), or hide it"])
        #expect(!surface.outputs.contains { $0.name == "handle" } && !surface.inputs.contains { $0.name == "handle" })
        #expect(throws: SurfaceConstructionError.self) { try surface.validated() }
    }
}
