import Bindery
import BinderyModels
import Testing

@Suite(.timeLimit(.minutes(2))) struct ProductsViewModelTests {
    func titles(_ h: Harness) throws -> [SurfaceValue] {
        try h.get("products", "products").items.map { $0["title"] ?? .null }
    }

    func fixtureTitles(_ range: Range<Int>) -> [SurfaceValue] {
        StoreFixtures.products[range].map { .string($0.title) }
    }

    @Test func refreshLoadsPageZeroAsYellowUnselectedCells() throws {
        let h = try Harness()
        let run = try h.run("products", "refresh")
        h.settle()
        #expect(run.value == .int(15))
        let cells = try h.get("products", "products").items
        #expect(try titles(h) == fixtureTitles(0..<15))
        #expect(cells.allSatisfy { $0["isSelected"] == .bool(false) && $0["color"] == .string("yellow") })
        #expect(try h.get("products", "pageIndex") == .int(0))
        #expect(try h.get("products", "lastError") == .null)
    }

    @Test func loadMoreAppendsTheNextPagesAndRefreshReplaces() throws {
        let h = try Harness()
        try h.run("products", "refresh")
        h.settle()
        var appended: [SurfaceValue?] = []
        for _ in 0..<4 {
            let run = try h.run("products", "loadMore")
            h.settle()
            appended.append(run.value)
        }
        #expect(appended == [.int(15), .int(15), .int(5), .int(0)])
        #expect(try titles(h) == fixtureTitles(0..<50))
        #expect(try h.get("products", "pageIndex") == .int(3), "an empty page past the end does not advance")
        try h.run("products", "toggle", .int(40))
        let refreshed = try h.run("products", "refresh")
        h.settle()
        #expect(refreshed.value == .int(15))
        #expect(try titles(h) == fixtureTitles(0..<15), "refresh replaces (the seed appended)")
        #expect(try h.get("products", "pageIndex") == .int(0))
    }

    @Test func loadMoreOnAnEmptyListLoadsPageZero() throws {
        let h = try Harness()
        try h.run("products", "loadMore")
        h.settle()
        #expect(try titles(h) == fixtureTitles(0..<15))
        #expect(try h.get("products", "pageIndex") == .int(0))
    }

    @Test func toggleFlipsOneCellAndItsColor() throws {
        let h = try Harness()
        try h.run("products", "refresh")
        h.settle()
        #expect(try h.run("products", "toggle", .int(2)).value == .bool(true))
        var cells = try h.get("products", "products").items
        #expect(cells[2]["isSelected"] == .bool(true) && cells[2]["color"] == .string("red"))
        #expect(cells.enumerated().filter { $0.offset != 2 }.allSatisfy { $0.element["color"] == .string("yellow") })
        #expect(try h.run("products", "toggle", .int(2)).value == .bool(false))
        cells = try h.get("products", "products").items
        #expect(cells[2]["color"] == .string("yellow"))
    }

    @Test func toggleOutOfRangeIsAnErrorAndChangesNothing() throws {
        let h = try Harness()
        #expect(try h.run("products", "toggle", .int(0)).errorMessage
            == "index 0 is out of range: there are no products yet (run refresh first)")
        try h.run("products", "refresh")
        h.settle()
        let before = try h.get("products", "products")
        let updates = ValueLog<SurfaceValue>()
        _ = try h.surface("products").output(named: "products").producer.skip(first: 1).startWithValues(updates.append)
        #expect(try h.run("products", "toggle", .int(15)).errorMessage == "index 15 is out of range: there are 15 products (0…14)")
        #expect(try h.run("products", "toggle", .int(-1)).errorMessage == "index -1 is out of range: there are 15 products (0…14)")
        #expect(try h.get("products", "products") == before)
        #expect(updates.count == 0)
    }

    @Test func toggleNeedsAnIntegerIndex() throws {
        let h = try Harness()
        let missing = #expect(throws: SurfaceError.self) { try h.run("products", "toggle") }
        #expect(missing?.message == "products.toggle needs an argument: index (int)")
        let text = #expect(throws: SurfaceError.self) { try h.run("products", "toggle", .string("two")) }
        #expect(text?.message == "products.toggle expects index to be an int, got \"two\"")
        let extra = #expect(throws: SurfaceError.self) { try h.run("products", "refresh", .int(1)) }
        #expect(extra?.message == "products.refresh takes no argument, got 1")
    }

    @Test func cancelInterruptsRefreshAndNothingArrivesAfterIt() throws {
        let h = try Harness(latencyMs: 800)
        let refresh = try h.run("products", "refresh")
        h.advance(0.4)
        #expect(try h.isExecuting("products", "refresh"))
        #expect(try h.run("products", "cancel").value == .bool(true))
        #expect(try h.isExecuting("products", "refresh") == false)
        h.advance(2)
        #expect(refresh.values.isEmpty)
        #expect(try h.get("products", "products") == .list([]))
        #expect(try h.get("products", "lastError") == .null, "a cancel is not an error")
        #expect(try h.run("products", "cancel").value == .bool(false), "nothing to cancel")
    }

    @Test func cancelInterruptsLoadMore() throws {
        let h = try Harness()
        try h.run("products", "refresh")
        h.settle()
        try h.set("api", "latencyMs", "800")
        let more = try h.run("products", "loadMore")
        h.advance(0.5)
        #expect(try h.run("products", "cancel").value == .bool(true))
        h.advance(2)
        #expect(more.values.isEmpty)
        #expect(try h.isExecuting("products", "loadMore") == false)
        #expect(try titles(h) == fixtureTitles(0..<15))
        #expect(try h.get("products", "pageIndex") == .int(0))
    }

    @Test func refreshInterruptsLoadMoreAndLoadMoreWaitsForRefresh() throws {
        let h = try Harness()
        try h.run("products", "refresh")
        h.settle()
        try h.run("products", "loadMore")
        h.settle()
        try h.set("api", "latencyMs", "800")
        let more = try h.run("products", "loadMore")
        h.advance(0.4)
        let refresh = try h.run("products", "refresh")
        #expect(try h.isExecuting("products", "loadMore") == false)
        #expect(try h.run("products", "loadMore").ending == .disabled, "one fetch at a time")
        h.advance(2)
        #expect(more.values.isEmpty)
        #expect(refresh.value == .int(15))
        #expect(try titles(h) == fixtureTitles(0..<15), "no stale page appended to the fresh list")
    }

    @Test func failuresOfBothFetchesMergeIntoLastError() throws {
        let h = try Harness(failureRate: 1)
        let refresh = try h.run("products", "refresh")
        h.settle()
        #expect(refresh.errorMessage == "Server unavailable, please retry")
        #expect(try h.get("products", "lastError") == .string("Server unavailable, please retry"))
        try h.set("api", "failureRate", "0")
        try h.run("products", "refresh")
        h.settle()
        #expect(try h.get("products", "lastError") == .null, "cleared by the next success")
        try h.set("api", "failureRate", "1")
        let more = try h.run("products", "loadMore")
        h.settle()
        #expect(more.errorMessage == "Server unavailable, please retry")
        #expect(try h.get("products", "lastError") == .string("Server unavailable, please retry"))
        #expect(try h.get("products", "pageIndex") == .int(0), "a failed page is not skipped (the seed advanced first)")
        #expect(try titles(h) == fixtureTitles(0..<15))
    }
}
