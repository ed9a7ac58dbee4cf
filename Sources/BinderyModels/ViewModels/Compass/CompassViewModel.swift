import Bindery
import BinderyPrimitives
import Synchronization

/// The two-way binding demo of seed 003 (RACChannelTo): "you go west, he goes east; he goes
/// left, you go right".
///
/// Guarantees: setting `valueA` sets `valueB` to its mirror ("西" → "東", anything else
/// unchanged); setting `valueB` sets `valueA` to its mirror ("左" → "右", anything else
/// unchanged); the propagated set does not propagate back, so each set changes each input at
/// most once.
public final class CompassViewModel: SummarizedViewModel {
    /// The view model's name in its host.
    public static let name = "compass"

    /// One end of the channel.
    public let valueA = MutableProperty("")
    /// The other end of the channel.
    public let valueB = MutableProperty("")
    public let summary = """
        Seed 003's two-way binding (RACChannelTo). Setting `valueA` to "西" (west) sets \
        `valueB` to "東" (east); setting `valueB` to "左" (left) sets `valueA` to "右" (right); \
        any other value is copied across unchanged. The copy does not echo back.
        """

    /// What A's value becomes on B.
    public static func forward(_ a: String) -> String { a == "西" ? "東" : a }
    /// What B's value becomes on A.
    public static func backward(_ b: String) -> String { b == "左" ? "右" : b }

    /// The compass view model.
    public init() {
        // The channel lives in the two properties' observers, not in `self`, so it works for
        // as long as anyone (a host holding only the surface) holds the properties. Each
        // observer holds the *other* end weakly: no retain cycle between the two.
        let echo = EchoGuard()
        valueA.signal.observeValues { [weak valueB] a in
            echo.propagate { valueB?.value = Self.forward(a) }
        }
        valueB.signal.observeValues { [weak valueA] b in
            echo.propagate { valueA?.value = Self.backward(b) }
        }
    }
}

extension CompassViewModel {
    /// Discovered from the two inputs; only their length limit is declared.
    public var surface: Surface {
        Surface(self) {
            $0.constrain(\.valueA, .maxLength(256))
            $0.constrain(\.valueB, .maxLength(256))
        }
    }
}

/// Breaks the two-way binding's feedback loop: the set one end makes on the other must not
/// travel back.
private final class EchoGuard: Sendable {
    /// True while one end is being set from the other. Only touched on the view-model
    /// scheduler, but a lock keeps it race-free regardless.
    private let propagating = Lock(false)

    /// Runs `set` unless a propagation is already under way (then it is the echo, dropped).
    /// The flag is not held while `set` runs, so observers of the other end may do anything.
    func propagate(_ set: () -> Void) {
        let isEcho = propagating.withLock { flag in
            defer { flag = true }
            return flag
        }
        guard !isEcho else { return }
        set()
        propagating.withLock { $0 = false }
    }
}
