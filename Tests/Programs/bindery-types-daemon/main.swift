// A test helper, run by BinderyHostTests: a DaemonMain program (as the guide's logind is) serving
// one view model whose inputs are the value types beyond the demo's — a date, an optional, an
// array, a dictionary, an enum — so they are tested end to end in the real daemon: set as
// binderyctl sends them, shown over HTTP, restored after a restart — and a ticker whose
// non-public members the SurfaceAccess plugin (applied to this program) shows read-only.
import Bindery
import BinderyHost
import FoundationEssentials

/// A journey: one member of each kind of value a surface carries beyond strings and numbers.
final class JourneyViewModel: ViewModel {
    enum Pace: String, Codable, SurfaceRepresentable, Sendable { case calm, brisk }

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

    init() {
        stopCount = stops.map(\.count)
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

DaemonMain.run { _ in [JourneyViewModel(), TickerViewModel()] }
