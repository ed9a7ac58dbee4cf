import Bindery
import FoundationEssentials
import Synchronization
import Testing

/// A set converts its value once: what `accept` converted is what `set(accepted:)` writes.
@Suite struct AcceptedValueTests {
    /// A Codable value that counts how often it is decoded.
    struct Seat: Codable, Sendable, Equatable {
        static let decodes = Atomic<Int>(0)
        let row: Int
        let letter: String

        init(row: Int, letter: String) {
            self.row = row
            self.letter = letter
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            row = try container.decode(Int.self, forKey: .row)
            letter = try container.decode(String.self, forKey: .letter)
            Self.decodes.add(1, ordering: .relaxed)
        }
    }

    @Test func aCodableValueIsDecodedOncePerSet() throws {
        let property = MutableProperty(Seat(row: 1, letter: "A"))
        let input = SurfaceInput.codable("seat", property)
        let before = Seat.decodes.load(ordering: .relaxed)
        let accepted = try input.accept(.record(SurfaceRecord([.init("row", .int(12)), .init("letter", .string("C"))])), viewModel: "trip")
        input.set(accepted: accepted)
        #expect(property.value == Seat(row: 12, letter: "C"))
        #expect(Seat.decodes.load(ordering: .relaxed) - before == 1)
        #expect(accepted.value == input.value)
    }

    @Test func textIsParsedAndConvertedOnce() throws {
        let property = MutableProperty<Date?>(nil)
        let input = SurfaceInput.optional("returning", property)
        let accepted = try input.acceptParsing("2026-12-02T10:00:00Z", viewModel: "trip")
        #expect(accepted.value == .string("2026-12-02T10:00:00.000Z"))
        input.set(accepted: accepted)
        #expect(input.value == accepted.value)
        input.set(accepted: try input.acceptParsing("null", viewModel: "trip"))
        #expect(property.value == nil)
    }

    @Test func aValueAcceptedByAnotherInputChangesNothing() throws {
        let first = MutableProperty(1), second = MutableProperty(2)
        let one = SurfaceInput.int("one", first), two = SurfaceInput.int("two", second)
        two.set(accepted: try one.accept(.int(7), viewModel: "pair"))
        #expect(second.value == 2)
        #expect(first.value == 1)
    }

    @Test func aRefusedValueIsNotAccepted() {
        let input = SurfaceInput.int("latencyMs", MutableProperty(0), .range(0...60_000))
        #expect(throws: SurfaceError.self) { try input.accept(.int(70_000), viewModel: "api") }
        #expect(throws: SurfaceError.self) { try input.acceptParsing("fast", viewModel: "api") }
    }
}
