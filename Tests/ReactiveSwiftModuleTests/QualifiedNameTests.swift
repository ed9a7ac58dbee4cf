import ReactiveSwift
import Testing

// Code written against ReactiveSwift names the module to disambiguate; it compiles unchanged
// against Bindery's `ReactiveSwift` product.
extension ReactiveSwift.ImmediateScheduler {
    static var shared: ReactiveSwift.ImmediateScheduler { ReactiveSwift.ImmediateScheduler() }
}

@Suite(.timeLimit(.minutes(1)))
struct QualifiedNameTests {
    @Test func moduleQualifiedNamesResolveToTheCore() {
        let (signal, observer) = ReactiveSwift.Signal<Int, Never>.pipe()
        let property = ReactiveSwift.MutableProperty(0)
        property <~ signal
        var seen: [Int] = []
        ReactiveSwift.SignalProducer<Int, Never>(value: 7)
            .observe(on: ImmediateScheduler.shared)
            .startWithValues { seen.append($0) }
        observer.send(value: 3)
        #expect(property.value == 3)
        #expect(seen == [7])
    }
}
