// ReactiveSwift's Property composition, ValidatingProperty and the property wrappers, written
// as ReactiveSwift users write it: nothing here is Bindery-specific, so it reads (and should
// compile) the same with `import ReactiveSwift`. Each test states ReactiveSwift's documented
// behaviour.
import Bindery
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactiveSwiftPropertyAPITests {
    @Test func zipFilterCombinePreviousUniqueValues() {
        let a = MutableProperty(1)
        let b = MutableProperty("a")
        let zipped = Property.zip(a, b)
        a.value = 2
        #expect(zipped.value == (1, "a"), "waits for b's second value")
        b.value = "b"
        #expect(zipped.value == (2, "b"))

        let even = a.filter(initial: 0) { $0 % 2 == 0 }
        #expect(even.value == 2)
        a.value = 3
        #expect(even.value == 2)

        let previous = a.combinePrevious()
        #expect(previous.value == (3, 3))
        a.value = 4
        #expect(previous.value == (3, 4))
        #expect(a.combinePrevious(0).value == (0, 4))

        let unique = a.uniqueValues()
        var changes: [Int] = []
        unique.signal.observeValues { changes.append($0) }
        a.value = 5
        a.value = 4
        a.value = 6
        #expect(changes == [5, 6])
    }

    @Test func validatingProperty() {
        let age = ValidatingProperty<Int, APIError>(20) { $0 >= 0 ? ($0 <= 150 ? .valid : .coerced(150, nil)) : .invalid(.invalid) }
        #expect(age.result.value.value == 20)
        age.value = -1
        #expect(age.value == 20, "an invalid value is not stored")
        #expect(age.result.value.isInvalid)
        #expect(age.result.value.error == .invalid)
        age.value = 200
        #expect(age.value == 150)
        if case let .coerced(replacement, proposed, _) = age.result.value {
            #expect(replacement == 150 && proposed == 200)
        } else {
            Issue.record("expected a coerced result")
        }

        let password = MutableProperty("secret")
        let confirmation = ValidatingProperty<String, APIError>("", with: password) { $0 == $1 ? .valid : .invalid(.invalid) }
        confirmation.value = "secret"
        #expect(!confirmation.result.value.isInvalid)
        password.value = "changed"
        #expect(confirmation.result.value.isInvalid, "revalidated when the other property changes")
        confirmation <~ SignalProducer(value: "changed")
        #expect(confirmation.value == "changed")
    }

    @Test func propertyCapturingAndPropertyWrappers() {
        let source = MutableProperty(1)
        let captured = Property(capturing: source)
        source.value = 2
        #expect(captured.value == 2)

        final class ViewModel {
            @MutableProperty var name = "a"
            @Property var constant = 7
        }
        let viewModel = ViewModel()
        var names: [String] = []
        viewModel.$name.producer.startWithValues { names.append($0) }
        viewModel.name = "b"
        #expect(names == ["a", "b"])
        #expect(viewModel.$name.value == "b")
        #expect(viewModel.constant == 7 && viewModel.$constant.value == 7)
    }

    @Test func withValueMapValueAndFlatten() {
        let property = MutableProperty("abc")
        #expect(property.withValue { $0.count } == 3)
        let constant = property.map(value: 1)
        property.value = "changed"
        #expect(constant.value == 1)

        let first = MutableProperty(1)
        let second = MutableProperty(10)
        let outer = MutableProperty(first)
        let flattened = outer.flatten(.latest)
        #expect(flattened.value == 1)
        outer.value = second
        #expect(flattened.value == 10)
        second.value = 11
        #expect(flattened.value == 11)
    }

    @Test func validatingPropertyValidatesTheRootAndReadsProposedDependencies() {
        let root = MutableProperty(0)
        let validated = ValidatingProperty<Int, APIError>(root) { $0 >= 0 ? .valid : .invalid(.invalid) }
        root.value = -1
        #expect(validated.result.value.isInvalid, "a change on the root is validated too")
        #expect(validated.value == -1, "the root keeps what it was given")

        var dependency: ValidatingProperty<String, APIError>? = ValidatingProperty("") { $0.isEmpty ? .invalid(.invalid) : .valid }
        let dependent = ValidatingProperty<Int, APIError>(0, with: dependency!) { value, other in other == "go" ? .valid : .invalid(.invalid) }
        dependent.value = 5
        #expect(dependent.value == 0)
        dependency!.value = "go"
        #expect(dependent.value == 5, "revalidated against the dependency's proposed value")
        weak let weakDependency = dependency
        dependency = nil
        #expect(weakDependency == nil, "the dependency is not retained")
    }
}
