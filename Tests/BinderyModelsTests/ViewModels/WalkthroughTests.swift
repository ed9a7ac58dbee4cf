import Bindery
import BinderyModels
import Foundation
import Testing

/// docs/VIEWMODELS.md is `bindery-docs`' output; it must not drift from the surfaces.
@Suite(.timeLimit(.minutes(2))) struct WalkthroughTests {
    static let committed = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "docs/VIEWMODELS.md")

    @Test func theCommittedWalkthroughIsWhatTheSurfacesGenerate() throws {
        let h = try Harness(latencyMs: 800)
        let generated = ViewModelWalkthrough.markdown(for: h.viewModels)
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(generated == committed, "docs/VIEWMODELS.md is stale: run `swift run bindery-docs > docs/VIEWMODELS.md`")
    }

    @Test func theWalkthroughShowsEveryInputOutputAndCommand() throws {
        let h = try Harness(latencyMs: 800)
        let text = ViewModelWalkthrough.markdown(for: h.viewModels)
        for viewModel in h.viewModels {
            let surface = viewModel.surface
            #expect(text.contains("\n## \(surface.name)\n"))
            for input in surface.inputs { #expect(text.contains("| `\(input.name)` | \(input.type.rawValue) |")) }
            for output in surface.outputs { #expect(text.contains("| `\(output.name)` |")) }
            for command in surface.commands { #expect(text.contains("| `\(command.name)")) }
        }
        #expect(text.contains("| `latencyMs` | int | between 0 and 60000 | `800` |"))
        #expect(text.contains("| `toggle(index)` | `index` (int) |"))
        #expect(text.contains("| `goAlpha` | `isUsernameValid` |"))
    }
}
