import Bindery
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A view model with an input of every kind a surface decodes a set's value into — a string
/// with a length limit, an int with a range, a double, a float, a bool, a date, an optional
/// date, a URL, a UUID, a raw-value enum, `Codable` values (a struct with nested dates, URLs,
/// optionals, arrays, dictionaries, a small integer and a float; an array; a dictionary) — an output
/// derived from them, commands taking a scalar and a `Codable` argument, and stored members
/// (a value and a list) a host saves and restores: what the surface-value, control-frame and
/// stored-row harnesses send bytes to.
public final class TripViewModel: ViewModel {
    /// A raw-value enum input.
    public enum Pace: String, Codable, CaseIterable, Sendable { case calm, brisk }

    /// A `Codable` struct input, nesting every scalar kind.
    public struct Stop: Codable, Equatable, Sendable {
        public var name: String
        public var at: Date
        public var site: URL?
        public var id: UUID?
        public var tags: [String]
        public var weights: [String: Double]
        public var seats: Int8
        public var pace: Pace
        public var speed: Float?
    }

    public let title = MutableProperty("")
    public let seats = MutableProperty(1)
    public let ratio = MutableProperty(0.5)
    public let scale = MutableProperty(Float(1))
    public let booked = MutableProperty(false)
    public let departure = MutableProperty(Date(timeIntervalSince1970: 0))
    public let returning = MutableProperty<Date?>(nil)
    public let site = MutableProperty(URL(string: "https://example.org/trip")!)
    public let booking = MutableProperty(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
    public let pace = MutableProperty(Pace.calm)
    public let stops = MutableProperty<[Stop]>([])
    public let limits = MutableProperty<[String: Int]>([:])
    /// State it keeps for itself (read-only), saved whole and restored at start.
    public let visits = MutableProperty<[String: Stop]>([:])
    /// A list saved row by row and restored at start.
    public let itinerary = MutableListProperty<Stop>()
    public let summary: Property<String>
    public let rename: Action<String, String, Never>
    public let addStop: Action<Stop, Int, Never>

    /// A trip on the current scheduler (build it on its host's).
    public init() {
        summary = title.combineLatest(with: seats).map { "\($0) for \($1)" }
        rename = Action { [title] name in
            title.value = name
            return SignalProducer(value: name)
        }
        addStop = Action { [stops] stop in
            // The newest few: a fuzzer runs it without end.
            stops.value = Array((stops.value + [stop]).suffix(4))
            return SignalProducer(value: stops.value.count)
        }
    }

    public var surface: Surface {
        Surface(self) {
            $0.constrain(\.title, .maxLength(40))
            $0.constrain(\.seats, .range(1...9))
            $0.constrain(\.ratio, .range(0...1))
            $0.readOnly(\.visits)
        }
    }
}
