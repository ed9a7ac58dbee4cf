// ReactiveSwift's flattening overloads, written as ReactiveSwift users write them: closures that
// return `.init(value:)` or `.empty` and let the producer type be inferred, `then` across error
// types, sequences as values, and anything `SignalProducerConvertible` where a producer goes.
import Bindery
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftFlatteningAPITests {
    @Test func flatMapInfersTheInnerProducerFromTheClosure() {
        var values: [Int] = []
        SignalProducer<Int, Never>([1, 2]).flatMap(.concat) { .init(value: $0 * 10) }.startWithValues { values.append($0) }
        #expect(values == [10, 20])

        var failed: APIError?
        SignalProducer<Int, APIError>(value: 1)
            .flatMap(.latest) { _ in .init(result: Result<Int, APIError>.failure(.invalid)) }
            .startWithFailed { failed = $0 }
        #expect(failed == .invalid)

        var recovered: [Int] = []
        SignalProducer<Int, APIError>(error: .invalid).flatMapError { _ in .init(value: 0) }.startWithValues { recovered.append($0) }
        #expect(recovered == [0])

        var merged: [Int] = []
        SignalProducer<Int, Never>(value: 1).flatMap(.merge) { _ in Property(value: 7) }.startWithValues { merged.append($0) }
        #expect(merged == [7], "a property is an inner stream too")
    }

    @Test func flattenOfSequencesSendsTheirElements() {
        let (signal, observer) = Signal<[Int], Never>.pipe()
        var values: [Int] = []
        signal.flatten().observeValues { values.append($0) }
        observer.send(value: [1, 2])
        observer.send(value: [3])
        #expect(values == [1, 2, 3])
        #expect(successValue(SignalProducer<[Int], Never>(value: [4, 5]).flatten().collect().single()) == [4, 5])
    }

    @Test func thenAcrossErrorTypesAndForwardingInterruption() {
        let next: SignalProducer<String, APIError> = SignalProducer<Int, Never>(values: 1, 2).then(SignalProducer<String, APIError>(value: "next"))
        #expect(successValue(next.collect().single()) == ["next"])
        #expect(successValue(SignalProducer<Int, APIError>.empty.then(SignalProducer<String, Never>(value: "x")).single()) == "x")
        #expect(successValue(SignalProducer<Int, Never>.empty.then(Property(value: 3)).single()) == 3)

        let (original, observer) = Signal<Int, Never>.pipe()
        var interrupted = false
        var replacementStarted = false
        SignalProducer(original).then(SignalProducer<Int, Never> { _, _ in replacementStarted = true }).startWithInterrupted { interrupted = true }
        observer.sendInterrupted()
        #expect(interrupted, "an interruption of the first producer is passed on")
        #expect(!replacementStarted)
    }

    @Test func producersAcceptAnythingConvertible() {
        let property = MutableProperty(0)
        #expect(successValue(SignalProducer<Int, Never>(value: 1).concat(Property(value: 2)).collect().single()) == [1, 2])
        var values: [Int] = []
        SignalProducer<Int, Never>(value: 5).prefix(property).take(first: 2).startWithValues { values.append($0) }
        #expect(values == [0], "the property's producer never completes, so the prefix holds")
        #expect(successValue(SignalProducer(Property(value: 3)).single()) == 3)
        #expect(successValue(SignalProducer<Int, Error>({ 4 }).single()) == 4)
        #expect(successValue(SignalProducer<Int, APIError>(Result.success(5)).single()) == 5)
    }
}
