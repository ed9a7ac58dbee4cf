// A test helper, run by BinderyHostTests: a DaemonMain program (as the guide's logind is) serving
// one view model whose inputs are the value types beyond the demo's — a date, an optional, an
// array, a dictionary, an enum — so they are tested end to end in the real daemon: set as
// binderyctl sends them, shown over HTTP, restored after a restart.
import Bindery
import BinderyHost
import FoundationEssentials

/// A journey: one member of each kind of value a surface carries beyond strings and numbers.
final class JourneyViewModel: ViewModel {
    enum Pace: String, Codable, SurfaceRepresentable, Sendable { case calm, brisk }

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

    init() {
        stopCount = stops.map(\.count)
    }

    var surface: Surface { Surface(self) }
}

DaemonMain.run { _ in [JourneyViewModel()] }
