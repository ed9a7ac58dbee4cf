import Bindery
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A counter that answers after a second of scheduler time and stamps when it last did.
private final class StampViewModel: ViewModel {
    let step = MutableProperty(1)
    let total = MutableProperty(0)
    let stampedAt = MutableProperty<Date?>(nil)
    let starts = MutableProperty(0)
    let add: Action<Int, Int, SurfaceError>

    init(scheduler: TestScheduler) {
        let (step, total, stampedAt) = (step, total, stampedAt)
        add = Action { times in
            guard times >= 0 else { return SignalProducer(error: SurfaceError(.invalidValue, "times must not be negative")) }
            return SignalProducer(value: times).delay(1, on: scheduler).map { times in
                total.value += times * step.value
                stampedAt.value = scheduler.currentDate
                return total.value
            }
        }
        let starts = starts
        _ = step.signal.observeValues { _ in starts.value += 1 }
    }

    var surface: Surface {
        Surface(self) { $0.readOnly(\.total, \.stampedAt, \.starts) }
    }
}

/// ``SurfaceDriver``: a view model driven in-process by member name, as generated tests do.
@Suite(.timeLimit(.minutes(1))) struct SurfaceDriverTests {
    @Test func setsRunsAndReadsByNameWithTheSchedulersTime() throws {
        let scheduler = TestScheduler(startDate: Date(timeIntervalSince1970: 1_000))
        let driver = try SurfaceDriver(StampViewModel(scheduler: scheduler))
        try driver.set("step", json: "5")
        let run = try driver.run("add", argumentJSON: "2")
        #expect(run.outcome == nil)
        #expect(driver.mismatch(of: run, value: "10") == "test.add: expected 10, but it is still running"
            || driver.mismatch(of: run, value: "10")?.hasSuffix(": expected 10, but it is still running") == true)
        scheduler.advance(by: 1)
        #expect(run.outcome == .value(.int(10)))
        #expect(driver.mismatch(of: run, value: "10") == nil)
        #expect(driver.mismatch(of: run, value: "10.0") == nil, "JSON does not tell 10 from 10.0")
        #expect(driver.mismatches(outputs: ["total": "10", "stampedAt": #""1970-01-01T00:16:41.000Z""#]) == [])
        // A time read from a real clock matches within the tolerance, not beyond it.
        #expect(driver.mismatches(outputs: ["stampedAt": #""1970-01-01T00:16:41.400Z""#]) == [])
        #expect(driver.mismatches(outputs: ["stampedAt": #""1970-01-01T00:16:43.000Z""#]).count == 1)
        #expect(driver.mismatches(outputs: ["total": "11"]).first?.hasPrefix("total: expected 11, got 10") == true)
    }

    @Test func setIfDifferentStartsNothingForAnInputAlreadySo() throws {
        let scheduler = TestScheduler()
        let driver = try SurfaceDriver(StampViewModel(scheduler: scheduler))
        try driver.setIfDifferent("step", json: "1")
        #expect(try driver.output("starts") == .int(0))
        try driver.setIfDifferent("step", json: "3")
        try driver.set("step", json: "3")
        #expect(try driver.output("starts") == .int(2), "set sets even an unchanged value, as a client's set does")
    }

    @Test func failuresAndBadNamesAreSaid() throws {
        let scheduler = TestScheduler()
        let driver = try SurfaceDriver(StampViewModel(scheduler: scheduler))
        let failed = try driver.run("add", argumentJSON: "-1")
        #expect(failed.outcome == .failure("times must not be negative"))
        #expect(driver.mismatch(of: failed, failure: "times must not be negative") == nil)
        #expect(driver.mismatch(of: failed, value: "1")?.contains("but it failed: times must not be negative") == true)
        #expect(throws: SurfaceError.self) { try driver.set("stpe", json: "1") }
        #expect(throws: SurfaceError.self) { try driver.set("step", json: "\"many\"") }
        #expect(throws: SurfaceError.self) { try driver.run("add") }
        #expect(driver.mismatches(outputs: ["nothing": "1"]).first?.hasPrefix("nothing: unknown output 'nothing'") == true)
    }
}
