import Bindery
import Foundation
import Synchronization
import Testing

/// A row that counts how often it is converted to plain data, to prove what a list converts.
private struct CountedRow: SurfaceRepresentable, Equatable, Sendable {
    static let conversions = Synchronization.Atomic<Int>(0)
    let id: Int
    var surfaceValue: SurfaceValue {
        Self.conversions.add(1, ordering: .relaxed)
        return .int(id)
    }
}

/// Applies every change a run of `producer` sends to a mirror list.
private final class Mirror<Element: Sendable>: @unchecked Sendable {
    // `@unchecked`: `rows` and `changes` are only touched under `lock`.
    private let lock = NSLock()
    private var rows: [Element] = []
    private var changes: [String] = []

    func apply(_ change: ListChange<Element>) {
        lock.withLock {
            change.apply(to: &rows)
            changes.append(change.description)
        }
    }

    var list: [Element] { lock.withLock { rows } }
    var log: [String] { lock.withLock { changes } }
}

/// ``MutableListProperty``, ``ListProperty`` and ``ListChange`` (docs/CONTRACTS.md, "List
/// properties report their edits").
@Suite(.timeLimit(.minutes(1))) struct ListPropertyTests {
    @Test func eachEditIsReportedAsTheChangeItMade() {
        let list = MutableListProperty([1, 2, 3])
        let changes = Recorder<ListChange<Int>>()
        list.changeProducer.startWithValues { changes.append($0) }
        list[1] = 20
        list.modify(at: 0) { $0 += 10 }
        list.append(contentsOf: [4, 5])
        list.insert(0, at: 0)
        #expect(list.remove(at: 2) == 20)
        list.removeSubrange(0..<2)
        list.value = [9]
        list.append(7)
        list.removeAll()
        #expect(changes.all == [
            .replaced([1, 2, 3]), .updated(20, at: 1), .updated(11, at: 0), .inserted([4, 5], at: 3),
            .inserted([0], at: 0), .removed(2..<3), .removed(0..<2), .replaced([9]), .inserted([7], at: 1),
            .removed(0..<2),
        ])
        #expect(list.value.isEmpty)
    }

    @Test func editsThatChangeNothingSendNothing() {
        let list = MutableListProperty([1, 2])
        let changes = Recorder<ListChange<Int>>()
        list.changes.observeValues { changes.append($0) }
        list.append(contentsOf: [])
        list.insert(contentsOf: [], at: 1)
        list.removeSubrange(1..<1)
        list.value = []
        list.removeAll()
        #expect(changes.all == [.replaced([])])
    }

    @Test func applyingTheChangesInOrderGivesTheListAtEveryStep() {
        let list = MutableListProperty(Array(0..<20))
        let mirror = Mirror<Int>()
        let wholeValues = Recorder<[Int]>()
        list.changeProducer.startWithValues(mirror.apply)
        list.producer.startWithValues { wholeValues.append($0) }
        var generator = SystemRandomNumberGenerator()
        for step in 0..<300 {
            let count = list.count
            switch Int.random(in: 0..<6, using: &generator) {
            case 0 where count > 0: list[Int.random(in: 0..<count, using: &generator)] = step
            case 1: list.insert(contentsOf: [step, -step], at: Int.random(in: 0...count, using: &generator))
            case 2 where count > 0:
                let start = Int.random(in: 0..<count, using: &generator)
                list.removeSubrange(start..<min(count, start + 3))
            case 3: list.append(step)
            case 4 where step % 50 == 0: list.value = Array(0..<Int.random(in: 0..<30, using: &generator))
            default: if count > 0 { list.modify(at: count - 1) { $0 += 1 } }
            }
            #expect(mirror.list == list.value, "after step \(step)")
            #expect(wholeValues.all.last == list.value, "the whole-value producer, after step \(step)")
        }
    }

    @Test func aRunStartedLaterBeginsWithTheListAsItIsThen() {
        let list = MutableListProperty(["a"])
        list.append("b")
        let changes = Recorder<ListChange<String>>()
        list.changeProducer.startWithValues { changes.append($0) }
        list[0] = "c"
        #expect(changes.all == [.replaced(["a", "b"]), .updated("c", at: 0)])
        #expect(list.count == 2)
        #expect(list[0] == "c")
    }

    @Test func anEditOfOneRowIsMadeInPlaceNotByCopyingTheList() {
        let list = MutableListProperty(Array(0..<10_000))
        let received = Counter()
        list.changes.observeValues { _ in received.increment() }
        list.signal.observeValues { _ in received.increment() }  // a whole-value observer that keeps nothing
        let before = list.value.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        list[5_000] = -1
        list.modify(at: 7) { $0 = -2 }
        let after = list.value.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        // A copy would be allocated while the old rows are still held, at another address.
        #expect(before == after)
        #expect(received.count == 4)
        #expect(list[5_000] == -1 && list[7] == -2)
    }

    @Test func aListOutputConvertsOnlyTheRowsAnEditCarries() throws {
        let list = MutableListProperty((0..<5_000).map { CountedRow(id: $0) })
        let output = SurfaceOutput("rows", ListProperty(list))
        let rowChanges = try #require(output.rowChanges)
        let seen = Recorder<ListChange<SurfaceValue>>()
        rowChanges.startWithValues { seen.append($0) }
        let start = CountedRow.conversions.load(ordering: .relaxed)
        list[42] = CountedRow(id: -42)
        list.append(contentsOf: [CountedRow(id: 9_000), CountedRow(id: 9_001)])
        list.remove(at: 0)
        #expect(CountedRow.conversions.load(ordering: .relaxed) - start == 3)
        #expect(seen.all.dropFirst().map(\.description) == ["updated(at 42)", "inserted(2 rows at 5000)", "removed(0..<1)"])
        #expect(seen.all.dropFirst().first == .updated(.int(-42), at: 42))
        #expect(output.value == list.value.surfaceValue)
    }

    @Test func aPlainListOutputReportsNoRowChanges() {
        let output = SurfaceOutput("rows", MutableProperty([1, 2]))
        #expect(output.rowChanges == nil)
    }

    @Test func mapRowsTransformsOnlyTheEditedRows() {
        let list = MutableListProperty(Array(0..<1_000))
        let transforms = Counter()
        let labels = list.mapRows { value -> String in
            transforms.increment()
            return "#\(value)"
        }
        #expect(transforms.count == 1_000)
        list[3] = 33
        list.append(5)
        #expect(transforms.count == 1_002)
        #expect(labels[3] == "#33")
        #expect(labels.value == list.value.map { "#\($0)" })
        let total = list.map { $0.reduce(0, +) }  // `map`, as for any property: the whole list
        list[0] = 100
        #expect(total.value == list.value.reduce(0, +))
    }

    @Test func anObserverEditingTheListIsDeliveredAfterTheCurrentEdit() {
        let list = MutableListProperty([0])
        let order = Recorder<String>()
        list.changes.observeValues { change in
            order.append("A \(change)")
            if case .updated(1, at: 0) = change { list.append(2) }
        }
        list.changes.observeValues { order.append("B \($0)") }
        list[0] = 1
        #expect(order.all == ["A updated(at 0)", "B updated(at 0)", "A inserted(1 rows at 1)", "B inserted(1 rows at 1)"])
        #expect(list.value == [1, 2])
    }

    @Test func concurrentEditsAreEachReportedOnceInTheOrderApplied() {
        let threads = 4, perThread = 500
        let list = MutableListProperty<Int>()
        let mirror = Mirror<Int>()
        list.changeProducer.startWithValues(mirror.apply)
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                for index in 0..<perThread {
                    list.append(thread * perThread + index)
                    if index % 10 == 0 { list.modify(at: 0) { $0 += 0 } }
                }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(mirror.list == list.value, "the edits, applied in the order delivered, give the list")
        #expect(list.count == threads * perThread)
        for thread in 0..<threads {
            let mine = list.value.filter { $0 / perThread == thread }
            #expect(mine == mine.sorted(), "one thread's appends keep their order")
        }
        #expect(mirror.log.count == 1 + threads * perThread + threads * perThread / 10)
    }

    @Test func aBindingReplacesTheWholeList() {
        let list = MutableListProperty([1])
        let source = MutableProperty([2, 3])
        let changes = Recorder<ListChange<Int>>()
        list.changes.observeValues { changes.append($0) }
        list <~ source
        source.value = [4]
        #expect(changes.all == [.replaced([2, 3]), .replaced([4])])
        let mirror = MutableProperty<[Int]>([])
        mirror <~ ListProperty(list)  // a list property is a binding source of whole lists
        list.append(5)
        #expect(mirror.value == [4, 5])
    }

    @Test func observersComingAndGoingDoNotEndTheList() {
        let list = MutableListProperty([1])
        list.changes.observeValues { _ in }?.dispose()
        list.signal.observeValues { _ in }?.dispose()
        list.changeProducer.start().dispose()
        let seen = Recorder<ListChange<Int>>()
        list.changes.observeValues { seen.append($0) }
        list.append(2)
        #expect(seen.all == [.inserted([2], at: 1)])
    }

    @Test func deinitCompletesRunsAndALateRunGetsTheLastList() {
        let completed = Counter()
        var producer: SignalProducer<ListChange<Int>, Never>?
        do {
            let list = MutableListProperty([1])
            list.changeProducer.startWithCompleted { completed.increment() }
            list.append(2)
            producer = list.changeProducer
        }
        #expect(completed.count == 1)
        let late = Recorder<Seen<ListChange<Int>>>()
        producer?.start { late.append(Seen($0)) }
        #expect(late.all == [.value(.replaced([1, 2])), .completed])
    }

    @Test func discoveryExposesListPropertiesAsListOutputsThatReportEdits() throws {
        final class Shelf {
            let titles = MutableListProperty(["a"])
            let shown: ListProperty<String>
            init() { shown = ListProperty(titles) }
        }
        let surface = Surface(Shelf(), name: "shelf")
        #expect(surface.outputs.map(\.name) == ["titles", "shown"])
        #expect(surface.outputs.allSatisfy { $0.rowChanges != nil })
        #expect(surface.outputs[1].value == .list([.string("a")]))
    }
}
