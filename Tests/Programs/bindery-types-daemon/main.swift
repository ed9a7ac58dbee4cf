// A test helper, run by BinderyHostTests: a DaemonMain program (as the guide's logind is) serving
// one view model whose inputs are the value types beyond the demo's — a date, an optional, an
// array, a dictionary, an enum — so they are tested end to end in the real daemon: set as
// binderyctl sends them, shown over HTTP, restored after a restart; whose actions take and
// send a Codable struct and nothing at all, and fail with a LocalizedError, as idiomatic
// ReactiveSwift view models write them — and a ticker whose non-public members the
// SurfaceAccess plugin (applied to this program) shows read-only.
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

    public let departure = MutableProperty(Date(timeIntervalSince1970: 0))
    public let returning = MutableProperty<Date?>(nil)
    public let seats = MutableProperty<Int?>(2)
    public let ratio = MutableProperty<Float>(0.5)
    public let site = MutableProperty<URL?>(nil)
    public let ticket = MutableProperty(UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000")!)
    public let tags = MutableProperty<[String]>([])
    public let stops = MutableProperty<[Date]>([])
    public let weights = MutableProperty<[String: Float]>([:])
    public let pace = MutableProperty(Pace.calm)
    public let stopCount: Property<Int>
    /// The latest booking `book` made.
    public let booked: Property<Booking?>
    /// Takes a booking as JSON and sends it back as confirmed.
    public let book: Action<Booking, Booking, Never>
    /// Takes and sends nothing.
    public let markRead: Action<Void, Void, Never>
    /// Fails with a LocalizedError.
    public let cancel: Action<Void, Int, BookingError>

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

/// A ticker only its own command advances: `count` is private, so a client can watch it but
/// never set it; `step` and `label` are public, and so inputs; `note`, declared without an
/// access keyword, is internal and read-only.
final class TickerViewModel: ViewModel {
    public let step = MutableProperty(1)
    public let label = MutableProperty("ticks")
    let note = MutableProperty("")
    private let count = MutableProperty(0)
    public let advance: Action<Void, Int, Never>

    init() {
        let (step, count) = (step, count)
        advance = Action { SignalProducer(value: count.value + step.value).on(value: { count.value = $0 }) }
    }

    var surface: Surface { Surface(self) }
}

/// A view model whose surface is wrong (a member holding a class instance, which no surface can
/// carry): served only when BINDERY_TYPES_WRONG_SURFACE is set, to test that the daemon refuses
/// it with one line and exit status 1.
final class WrongViewModel: ViewModel {
    final class Handle: Sendable {}
    let handle = MutableProperty(Handle())
    var surface: Surface { Surface(self) }
}

let wrongSurface = ProcessInfo.processInfo.environment["BINDERY_TYPES_WRONG_SURFACE"] != nil
DaemonMain.run { _ in [JourneyViewModel(), TickerViewModel()] + (wrongSurface ? [WrongViewModel()] : []) }
