import Bindery
import Testing

private struct Loan: SurfaceItem, Sendable {
    static let itemFields = [SurfaceItemField("title"), SurfaceItemField("dueDate"), SurfaceItemField("isbnURL"), SurfaceItemField("x", label: "Ex")]
    let title: String
    var surfaceValue: SurfaceValue { .record(["title": .string(title)]) }
}

@Suite(.timeLimit(.minutes(2))) struct SurfaceItemTests {
    @Test func aListOfItemsCarriesItsFieldsWithWordedLabels() {
        let loans = Property(value: [Loan(title: "Dune")])
        let output = SurfaceOutput("loans", loans)
        #expect(output.itemFields.map(\.name) == ["title", "dueDate", "isbnURL", "x"])
        #expect(output.itemFields.map(\.label) == ["Title", "Due date", "Isbn URL", "Ex"])
        #expect(SurfaceItemField("avatarURL").label == "Avatar URL")
        #expect(SurfaceItemField("URLPath").label == "URL path")
    }

    @Test func otherOutputsHaveNoItemFields() {
        #expect(SurfaceOutput("n", Property(value: 1)).itemFields.isEmpty)
        #expect(SurfaceOutput("names", Property(value: ["a"])).itemFields.isEmpty)
    }
}
