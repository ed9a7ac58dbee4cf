import Bindery

/// A view model whose command is gated by a derived output, one that runs until disposed,
/// and one that completes without a value (as a fetch cut short by `take(until:)` does).
final class GatedViewModel: ViewModel {
    let surface: Surface
    let word = MutableProperty("")
    let isLong: Property<Bool>

    init() {
        isLong = word.map { $0.count >= 5 }
        let go = Action<Void, Int, Never>(enabledIf: isLong) { _ in SignalProducer(value: 1) }
        let slow = Action<Void, Int, Never> { _ in SignalProducer { _, _ in } }
        let cut = Action<Void, Int, Never> { _ in SignalProducer.empty }
        let after = Action<Void, Int, Never>(enabledIf: slow.isExecuting.map(!)) { _ in SignalProducer(value: 2) }
        surface = Surface(
            name: "gated",
            inputs: [.string("word", word, .maxLength(20))],
            outputs: [SurfaceOutput("isLong", isLong, derivesFrom: ["word"])],
            commands: [
                SurfaceCommand("go", go, enabledDerivesFrom: ["isLong"]),
                SurfaceCommand("slow", slow),
                SurfaceCommand("cut", cut),
                SurfaceCommand("after", after),
            ])
    }
}
