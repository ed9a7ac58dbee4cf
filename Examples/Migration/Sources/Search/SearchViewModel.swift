// Written against ReactiveSwift 7.2.1 and unchanged: it compiles and behaves the same on
// Bindery's `ReactiveSwift` product.
import Foundation
import ReactiveSwift

/// Code that names the module, as real code does to tell its own types from ReactiveSwift's.
extension ReactiveSwift.SignalProducer where Value == String, Error == Never {
    /// The text, trimmed and without repeats.
    public func normalizedQueries() -> ReactiveSwift.SignalProducer<String, Never> {
        map { $0.trimmingCharacters(in: .whitespaces) }.skipRepeats()
    }
}

public struct Hit: Equatable {
    public let title: String
    public let score: Int

    public init(title: String, score: Int) {
        self.title = title
        self.score = score
    }
}

public enum SearchError: Swift.Error, Equatable {
    case tooShort
}

/// A search box: the query is debounced, searched, and the titles of the hits shown; every
/// step is logged through `logEvents`.
public final class SearchViewModel {
    public let query = MutableProperty("")
    public let titles: Property<[String]>
    public private(set) var log: [String] = []

    public init(catalogue: [Hit], scheduler: DateScheduler) {
        let title: KeyPath<Hit, String> = \.title
        var lines: [String] = []
        let results = query.producer
            .normalizedQueries()
            .debounce(0.3, on: scheduler)
            .flatMap(.latest) { text -> SignalProducer<[Hit], Never> in
                SearchViewModel.search(text, in: catalogue).producer.flatMapError { _ in SignalProducer(value: []) }
            }
            .logEvents(identifier: "search", events: [.value], logger: { identifier, event, _, _, _ in
                lines.append("[\(identifier)] \(event)")
            })
        titles = Property(initial: [], then: results.map { hits in hits.map { $0[keyPath: title] } })
        _ = titles.producer.startWithValues { [unowned self] _ in self.log = lines }
    }

    /// The hits whose title contains `text`, best first; `text` must have 2 characters at least.
    public static func search(_ text: String, in catalogue: [Hit]) -> Result<[Hit], SearchError> {
        guard text.count >= 2 else { return .failure(.tooShort) }
        return .success(catalogue.filter { $0.title.localizedCaseInsensitiveContains(text) }.sorted { $0.score > $1.score })
    }
}
