// What ReactiveSwift prints and sends, pinned: event descriptions, `logEvents`' lines (its
// default logger's line on standard output too), `collect`'s batches at the end of a stream,
// and the API real clients use that the specs do not (`map` over a `KeyPath` value,
// `filterMap`, `Result.producer`). Written as ReactiveSwift code; every expected value is what
// ReactiveSwift 7.2.1 printed for the same code.
import Bindery
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftTextOutputTests {
    enum E: Swift.Error { case boom }

    @Test func eventDescriptions() {
        typealias Event = Signal<Int, E>.Event
        #expect([Event.value(1), .failed(.boom), .completed, .interrupted].map { "\($0)" } == ["VALUE 1", "FAILED boom", "COMPLETED", "INTERRUPTED"])
        var materialized: [String] = []
        let (signal, observer) = Signal<Int, E>.pipe()
        signal.materialize().observe { materialized.append("\($0)") }
        observer.send(value: 1)
        observer.send(error: .boom)
        #expect(materialized == ["VALUE VALUE 1", "VALUE FAILED boom", "COMPLETED"])
    }

    @Test func logEventsLines() {
        var lines: [String] = []
        SignalProducer<Int, E>(error: .boom).logEvents(identifier: "p", logger: { identifier, event, _, _, _ in lines.append("[\(identifier)] \(event)") }).start()
        SignalProducer<Int, E>.never.logEvents(identifier: "n", logger: { identifier, event, _, _, _ in lines.append("[\(identifier)] \(event)") }).start().dispose()
        #expect(lines == [
            "[p] starting", "[p] failed boom", "[p] terminated", "[p] disposed", "[p] started",
            "[n] starting", "[n] started", "[n] interrupted", "[n] terminated", "[n] disposed",
        ])
        #expect(Set(LoggingEvent.Signal.allCases).count == 6 && Set(LoggingEvent.SignalProducer.allCases).count == 8)
    }

    @Test func logEventsDefaultLineOnStandardOutput() throws {
        let identifier = "rs-text-\(UInt32.random(in: 0 ... .max))"
        let line = #line + 1
        let output = try standardOutput { SignalProducer<Int, Never>(value: 1).logEvents(identifier: identifier).start() }
        let site = "fileName: \(#file), functionName: \(#function), lineNumber: \(line)"
        // Other tests may print meanwhile: only this identifier's lines are looked at.
        let expected: [String] = [
            "[\(identifier)] starting \(site)", "[\(identifier)] value 1 \(site)", "[\(identifier)] completed \(site)",
            "[\(identifier)] terminated \(site)", "[\(identifier)] disposed \(site)", "[\(identifier)] started \(site)",
        ]
        #expect(output.filter { $0.hasPrefix("[\(identifier)]") } == expected)
    }

    @Test func collectSendsWhatIsLeftAndAnEmptyArrayOnlyForAStreamWithoutValues() {
        #expect(successValue(SignalProducer<Int, Never>([1, 2, 3, 4]).collect(count: 2).collect().single()) == [[1, 2], [3, 4]])
        #expect(successValue(SignalProducer<Int, Never>([1, 2, 3]).collect(count: 2).collect().single()) == [[1, 2], [3]])
        #expect(successValue(SignalProducer<Int, Never>([]).collect(count: 2).collect().single()) == [[]])
        #expect(successValue(SignalProducer<Int, Never>([1, 2, 3, 4, 5]).collect { $0.count == 2 }.collect().single()) == [[1, 2], [3, 4], [5]])
        #expect(successValue(SignalProducer<Int, Never>([]).collect { $0.count == 2 }.collect().single()) == [[]])
        #expect(successValue(SignalProducer<Int, Never>([1, 2]).collect { _, next in next == 2 }.collect().single()) == [[1], [2]])
        #expect(successValue(SignalProducer<Int, Never>([]).collect { _, next in next == 2 }.collect().single()) == [[]])
        #expect(successValue(SignalProducer<Int, Never>([]).collect().single()) == [])
    }

    struct Box { let n: Int }

    @Test func mapOverAKeyPathValueFilterMapAndResultProducer() {
        let keyPath: KeyPath<Box, Int> = \Box.n
        #expect(successValue(SignalProducer<Box, Never>([Box(n: 3)]).map(keyPath).single()) == 3)
        let property = MutableProperty(Box(n: 4))
        #expect(property.map(keyPath).value == 4)
        var mapped: [Int] = []
        let (signal, observer) = Signal<Box, Never>.pipe()
        signal.map(keyPath).observeValues { mapped.append($0) }
        observer.send(value: Box(n: 5))
        #expect(mapped == [5])
        #expect(successValue(Result<Int, E>.success(4).producer.single()) == 4)
        #expect(successValue(SignalProducer<Int, Never>([1, 2]).flatMap(.concat) { Result<Int, Never>.success($0 * 10) }.collect().single()) == [10, 20])
        let deprecatedAPI: any DeprecatedFilterMap = SignalProducer<String, Never>(["1", "x"])
        #expect(successValue(deprecatedAPI.integers().collect().single()) == [1])
    }

    @Test func unserializedConstructorsIsCompletedAndReconstructing() {
        var values: [Int] = []
        let (signal, observer) = Signal<Int, Never>.unserializedPipe()
        signal.observeValues { values.append($0) }
        observer.send(value: 1)
        Signal<Int, Never>.unserialized { observer, _ in observer.send(value: 2) }.observeValues { values.append($0) }
        SignalProducer<Int, Never>.unserialized { observer, _ in observer.send(value: 3); observer.sendCompleted() }.startWithValues { values.append($0) }
        #expect(values == [1, 3], "a signal's generator runs before anyone observes it, as in ReactiveSwift")
        #expect(Signal<Int, Never>.Event.completed.isCompleted && !Signal<Int, Never>.Event.value(1).isCompleted)
        #expect(Optional<Int>(reconstructing: 5) == 5)
    }
}

/// `filterMap`, deprecated as in ReactiveSwift, called through a protocol so that the test
/// builds without a deprecation warning.
protocol DeprecatedFilterMap {
    func integers() -> SignalProducer<Int, Never>
}

extension SignalProducer: DeprecatedFilterMap where Value == String, Error == Never {
    @available(*, deprecated)
    func integers() -> SignalProducer<Int, Never> { filterMap { Int($0) } }
}

/// The lines `body` printed to standard output.
private func standardOutput(_ body: () -> Void) throws -> [String] {
    var pipeEnds: [Int32] = [0, 0]
    try #require(pipe(&pipeEnds) == 0)
    fflush(nil)
    let saved = dup(STDOUT_FILENO)
    dup2(pipeEnds[1], STDOUT_FILENO)
    body()
    fflush(nil)
    dup2(saved, STDOUT_FILENO)
    close(saved)
    close(pipeEnds[1])
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(pipeEnds[0], &buffer, buffer.count)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    close(pipeEnds[0])
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
}
