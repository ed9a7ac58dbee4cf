import Bindery
import BinderyJSON
import Testing

/// Found by fuzzing the value decoder (`fuzz-surface-value`): a `Float` input took a double
/// beyond `Float`'s range and held infinity, shown and stored as null and refused at the next
/// start; and a negative double too small for a `Float` became negative zero, shown as -0.0,
/// which no input takes (so not restored either). The first is refused with one line now,
/// changing nothing; the second is held as 0.
private final class GaugeViewModel: ViewModel {
    struct Reading: Codable, Sendable { var level: Float }

    let level = MutableProperty<Float>(1)
    let reading = MutableProperty(Reading(level: 1))

    var surface: Surface { Surface(self) }
}

@Suite(.timeLimit(.minutes(1))) struct FloatInputRangeTests {
    @Test func aDoubleBeyondFloatsRangeIsRefusedAndChangesNothing() throws {
        let model = GaugeViewModel()
        let level = try #require(model.surface.inputs.first { $0.name == "level" })
        let attempts: [() throws -> SurfaceValue] = [
            { try level.parse("1e39", viewModel: "gauge") },
            { try level.set(.double(-1e39), viewModel: "gauge") },
        ]
        for attempt in attempts {
            let error = try #require(throws: SurfaceError.self) { try attempt() }
            #expect(error.message.hasPrefix("gauge.level expects a double within ±3.4028235e+38 (a Float), got "), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
        #expect(model.level.value == 1)
        #expect(try level.set(.double(3e38), viewModel: "gauge") == .double(Double(Float(3e38))), "the largest floats are taken")
    }

    @Test func aNegativeDoubleTooSmallForAFloatIsHeldAsZero() throws {
        let model = GaugeViewModel()
        let level = try #require(model.surface.inputs.first { $0.name == "level" })
        for shown in try [level.parse("-1e-60", viewModel: "gauge"), level.set(.double(-1e-60), viewModel: "gauge")] {
            #expect(shown == .double(0))
            if case let .double(d) = shown { #expect(d.sign == .plus, "held as 0, not -0.0") }
            #expect(try level.validate(shown, viewModel: "gauge") == shown, "what it shows it takes again")
        }
        #expect(model.level.value == 0 && model.level.value.sign == .plus)
    }

    @Test func aCodableValueWithAFloatBeyondItsRangeIsRefused() throws {
        let model = GaugeViewModel()
        let reading = try #require(model.surface.inputs.first { $0.name == "reading" })
        #expect(throws: SurfaceError.self) { try reading.set(SurfaceValue(json: JSONParser.parse(#"{"level":1e39}"#)), viewModel: "gauge") }
        #expect(model.reading.value.level == 1)
        try reading.set(SurfaceValue(json: JSONParser.parse(#"{"level":2.5}"#)), viewModel: "gauge")
        #expect(model.reading.value.level == 2.5)
    }
}
