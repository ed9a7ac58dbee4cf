import Foundation
import Testing

/// docs/GUIDE.md's first pages show Examples/Brokerage's files as they are: each sample is the
/// whole file, which `make test` compiles and tests, so a sample cannot drift from code that
/// builds.
@Suite struct GuideSampleTests {
    static let samples = [
        "Examples/Brokerage/Sources/BrokerageKit/SignUpViewModel.swift",
        "Examples/Brokerage/Sources/BrokerageKit/SignUpError.swift",
        "Examples/Brokerage/Sources/BrokerageKit/QuotesViewModel.swift",
        "Examples/Brokerage/Sources/BrokerageKit/ChatViewModel.swift",
        "Examples/Brokerage/Sources/brokerd/main.swift",
    ]

    @Test(arguments: samples)
    func theGuideShowsTheExamplesFileAsItIs(path: String) throws {
        let root = DocumentReferencesTests.root
        let guide = try String(contentsOf: root.appending(path: "docs/GUIDE.md"), encoding: .utf8)
        let file = try String(contentsOf: root.appending(path: path), encoding: .utf8)
        #expect(guide.contains("```swift\n" + file + "```\n"), "docs/GUIDE.md shows \(path) other than it is")
    }
}
