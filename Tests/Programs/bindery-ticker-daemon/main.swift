// A test helper, run by Tests/web/repeat_fold_test.py and WatchFoldingEndToEndTests: a
// DaemonMain program serving a watch list polled by a timer as an app writes it
// (`refresh <~ timer`, `_quotes <~ refresh.values`), every 0.3 s, so the log and `watch` get a
// timer's identical runs quickly: its feed answers the same prices until `symbols` changes,
// and fails the same way for a symbol it does not list.
import Bindery
import BinderyHost
import FoundationEssentials

/// What the feed says when it cannot quote a symbol.
struct FeedError: Error, CustomStringConvertible {
    let description: String
}

final class TickerViewModel: ViewModel {
    public let symbols = MutableProperty(["AAPL", "MSFT"])
    let quotes: Property<[String]>
    let refresh: Action<Void, [String], FeedError>
    private let _quotes = MutableProperty<[String]>([])

    init(scheduler: DateScheduler) {
        let symbols = symbols
        refresh = Action {
            guard let unknown = symbols.value.first(where: { $0.count > 4 }) else {
                return SignalProducer(value: symbols.value.map { "\($0) \($0.count * 100)" })
            }
            return SignalProducer(error: FeedError(description: "no quote for \(unknown)"))
        }
        quotes = Property(_quotes)
        _quotes <~ refresh.values
        refresh <~ SignalProducer.timer(interval: .milliseconds(300), on: scheduler).map { _ in () }
    }

    var surface: Surface { Surface(self) }
}

DaemonMain.run { environment in [TickerViewModel(scheduler: environment.scheduler)] }
