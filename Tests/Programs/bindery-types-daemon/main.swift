// A test helper, run by BinderyHostTests: a DaemonMain program (as the guide's logind is) serving
// one view model whose inputs are the value types beyond the demo's — a date, an optional, an
// array, a dictionary, an enum — so they are tested end to end in the real daemon: set as
// binderyctl sends them, shown over HTTP, restored after a restart; and whose actions take and
// send a Codable struct and nothing at all, and fail with a LocalizedError, as idiomatic
// ReactiveSwift view models write them.
import Bindery
import BinderyHost
import FoundationEssentials

/// A journey: one member of each kind of value a surface carries beyond strings and numbers.
final class JourneyViewModel: ViewModel {
    enum Pace: String, Codable, SurfaceRepresentable, Sendable { case calm, brisk }

    /// A booking, `Codable` and nothing more: no `surfaceValue` written for it.
    struct Booking: Codable, Sendable {
        var seat: String
        var pace: Pace
        var at: Date
    }

    /// A failure a person reads by its description.
    enum BookingError: LocalizedError {
        case server(code: Int)
        var errorDescription: String? {
            switch self {
            case let .server(code): "Server error \(code), please try again"
            }
        }
    }

    let departure = MutableProperty(Date(timeIntervalSince1970: 0))
    let returning = MutableProperty<Date?>(nil)
    let seats = MutableProperty<Int?>(2)
    let ratio = MutableProperty<Float>(0.5)
    let site = MutableProperty<URL?>(nil)
    let ticket = MutableProperty(UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000")!)
    let tags = MutableProperty<[String]>([])
    let stops = MutableProperty<[Date]>([])
    let weights = MutableProperty<[String: Float]>([:])
    let pace = MutableProperty(Pace.calm)
    let stopCount: Property<Int>
    /// The latest booking `book` made.
    let booked: Property<Booking?>
    /// Takes a booking as JSON and sends it back as confirmed.
    let book: Action<Booking, Booking, Never>
    /// Takes and sends nothing.
    let markRead: Action<Void, Void, Never>
    /// Fails with a LocalizedError.
    let cancel: Action<Void, Int, BookingError>

    init() {
        stopCount = stops.map(\.count)
        let latest = MutableProperty<Booking?>(nil)
        booked = Property(latest)
        book = Action { booking in
            latest.value = booking
            return SignalProducer(value: booking)
        }
        markRead = Action { _ in SignalProducer(value: ()) }
        cancel = Action { _ in SignalProducer(error: .server(code: 503)) }
    }

    var surface: Surface { Surface(self) }
}

DaemonMain.run { _ in [JourneyViewModel()] }
