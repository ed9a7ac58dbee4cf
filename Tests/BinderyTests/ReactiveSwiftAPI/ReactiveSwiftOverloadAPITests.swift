// ReactiveSwift's overloads that take anything convertible to a producer, or a collection,
// and its spellings of `then`, `dematerializeResults`, `promoteError`/`promoteValue` and the
// property statics, written as ReactiveSwift code. Each call here resolves to the overload with
// ReactiveSwift's signature (a property where a producer is usual, `Property<[Int]>` as the
// static's `Self`, an optional property fed non-optional values).
import Bindery
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftOverloadAPITests {
    @Test func combiningOperatorsTakeAnythingConvertible() {
        let number = MutableProperty(1)
        var withOther: [String] = [], latestTwo: [String] = [], latestThree: [String] = [], latestFour: [String] = []
        var zipped: [String] = []
        SignalProducer<Int, Never>(value: 10).combineLatest(with: number).startWithValues { withOther.append("\($0)+\($1)") }
        SignalProducer<Int, Never>(value: 20).zip(with: number).startWithValues { zipped.append("\($0)~\($1)") }
        SignalProducer.combineLatest(number, SignalProducer<String, Never>(value: "a")).startWithValues { latestTwo.append("\($0)\($1)") }
        SignalProducer.combineLatest(number, number.map { $0 * 2 }, Property(value: "b")).startWithValues { latestThree.append("\($0)\($1)\($2)") }
        SignalProducer.combineLatest(number, number, number, Property(value: 4)).startWithValues { latestFour.append("\($0)\($1)\($2)\($3)") }
        SignalProducer.zip(number, Property(value: "z")).startWithValues { zipped.append("\($0)\($1)") }
        SignalProducer.zip(number, number, Property(value: "y")).startWithValues { zipped.append("\($0)\($1)\($2)") }
        SignalProducer.zip(number, number, number, Property(value: "x")).startWithValues { zipped.append("\($0)\($1)\($2)\($3)") }
        #expect(withOther == ["10+1"] && latestTwo == ["1a"] && latestThree == ["12b"] && latestFour == ["1114"])
        #expect(zipped == ["20~1", "1z", "11y", "111x"])
        number.value = 2
        #expect(withOther.last == "10+2" && latestTwo.last == "2a" && latestThree.last == "24b" && latestFour.last == "2224",
                "the combineLatest forms follow the property")
        #expect(zipped.count == 4, "the zip forms wait for a next value of each (the constant property has none)")

        let (signal, input) = Signal<Int, Never>.pipe()
        var sampled: [String] = []
        signal.withLatest(from: number).observeValues { sampled.append("\($0)@\($1)") }
        input.send(value: 7)
        #expect(sampled == ["7@2"])
    }

    @Test func collectionFormsOfMergeAllAndAny() {
        let merged = SignalProducer.merge([SignalProducer<Int, Never>([1, 2]), SignalProducer<Int, Never>(value: 3)])
        #expect(successValue(merged.collect().single()) == [1, 2, 3])

        let (a, aInput) = Signal<Bool, Never>.pipe()
        let (b, bInput) = Signal<Bool, Never>.pipe()
        var all: [Bool] = []
        var any: [Bool] = []
        Signal.all([a, b]).observeValues { all.append($0) }
        Signal.any([a, b]).observeValues { any.append($0) }
        aInput.send(value: true)
        bInput.send(value: false)
        bInput.send(value: true)
        #expect(all == [false, true])
        #expect(any == [true, true])

        let yes = SignalProducer<Bool, Never>(value: true), no = SignalProducer<Bool, Never>(value: false)
        #expect(successValue(SignalProducer.all([yes, no]).single()) == false)
        #expect(successValue(SignalProducer.any([yes, no]).single()) == true)
        #expect(successValue(SignalProducer<Bool, Never>.all([SignalProducer<Bool, Never>]()).single()) == true)
        let on = MutableProperty(true), off = MutableProperty(false)
        #expect(successValue(SignalProducer.all([on, off]).first()) == false, "a collection of properties")
        #expect(successValue(SignalProducer.any([on, off]).first()) == true)
        #expect(Property.all([on, off]).value == false)
        #expect(Property.any([on, off]).value == true)
        off.value = true
        #expect(Property.all([on, off]).value == true)
    }

    @Test func propertyStaticsLeaveSelfFree() {
        let a = MutableProperty(1), b = MutableProperty(2)
        let latest = Property<[Int]>.combineLatest([a, b])
        let zipped = Property<String>.zip([a, b])
        #expect(latest?.value == [1, 2])
        #expect(zipped?.value == [1, 2])
        #expect(Property<[Int]>.combineLatest([MutableProperty<Int>](), emptySentinel: [0]).value == [0])
        #expect(Property<[Int]>.zip([MutableProperty<Int>](), emptySentinel: [9]).value == [9])
        #expect(Property<[Int]>.combineLatest([MutableProperty<Int>]()) == nil)
        a.value = 3
        #expect(latest?.value == [3, 2])
        #expect(zipped?.value == [1, 2], "zip waits for b's next value")
    }

    @Test func propertyInitialThenConvertibleAndOptional() {
        let source = MutableProperty(5)
        let mirrored = Property(initial: 0, then: source)
        #expect(mirrored.value == 5)
        source.value = 6
        #expect(mirrored.value == 6)

        let wrapped = Property<Int?>(initial: nil, then: SignalProducer<Int, Never>(value: 3))
        #expect(wrapped.value == 3)
        let following = Property<Int?>(initial: nil, then: source)
        #expect(following.value == 6)
        source.value = 7
        #expect(following.value == 7)
    }

    @Test func thenKeepsTheProducersOwnTypes() {
        let failable: SignalProducer<Int, APIError> = SignalProducer<Int, APIError>(value: 1).then(Result<Int, APIError>.success(2))
        #expect(successValue(failable.collect().single()) == [2])
        let plain: SignalProducer<Int, Never> = SignalProducer<Int, Never>(value: 1).then(SignalProducer<Int, Never>(value: 3))
        #expect(successValue(plain.collect().single()) == [3])
        let fromProperty: SignalProducer<Int, Never> = SignalProducer<Int, Never>(value: 1).then(Property(value: 4))
        #expect(successValue(fromProperty.collect().single()) == [4])
    }

    @Test func dematerializeResultsAndIdentityPromotions() {
        let results = SignalProducer<Result<Int, APIError>, Never>([.success(1), .failure(.invalid), .success(2)])
        var events: [String] = []
        results.dematerializeResults().start { events.append("\($0)") }
        #expect(events == ["VALUE 1", "FAILED invalid"])

        let (signal, input) = Signal<Result<Int, APIError>, Never>.pipe()
        var values: [Int] = []
        signal.dematerializeResults().observeResult { if case let .success(v) = $0 { values.append(v) } }
        input.send(value: .success(5))
        #expect(values == [5])

        let same: SignalProducer<Int, Never> = SignalProducer<Int, Never>(value: 8).promoteError(Never.self)
        #expect(successValue(same.single()) == 8)
        let empty: SignalProducer<Never, APIError> = SignalProducer<Never, APIError>.empty.promoteValue(Never.self)
        #expect(empty.single() == nil)
        let (never, neverInput) = Signal<Never, Never>.pipe()
        var completed = false
        never.promoteError(Never.self).promoteValue(Never.self).observeCompleted { completed = true }
        neverInput.sendCompleted()
        #expect(completed)
    }

    @Test func validatingPropertyOverAnyComposableMutableProperty() {
        let root = MutableProperty(1)
        let validated = validating(root)
        validated.value = -1
        #expect(validated.result.value.isInvalid)
        #expect(root.value == 1, "an invalid value is not stored")
        validated.value = 4
        #expect(root.value == 4)
        root.value = -2
        #expect(validated.result.value.isInvalid, "a change on the root is validated too")
    }

    /// A validating property over a root known only by its protocol.
    private func validating<Root: ComposableMutablePropertyProtocol>(_ root: Root) -> ValidatingProperty<Int, APIError> where Root.Value == Int {
        ValidatingProperty(root) { $0 >= 0 ? .valid : .invalid(.invalid) }
    }
}
