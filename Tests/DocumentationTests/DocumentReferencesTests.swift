import Foundation
import Testing

/// The documents cannot point at what is not there: every relative link and every file path
/// named in README.md, BENCHMARKS.md and docs/*.md must exist in this checkout, and every
/// `#anchor` of a link must be a heading of the document it points into. A file renamed or
/// deleted without its mentions fails here, naming the document, the line and the path.
@Suite struct DocumentReferencesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func documents() throws -> [DocumentReferences] {
        let docs = root.appending(path: "docs")
        let inDocs = try FileManager.default.contentsOfDirectory(atPath: docs.path)
            .filter { $0.hasSuffix(".md") }
            .sorted()
            .map { "docs/" + $0 }
        return try (["README.md", "BENCHMARKS.md"] + inDocs).map { try DocumentReferences(root: root, path: $0) }
    }

    @Test func everyDocumentIsRead() throws {
        let documents = try Self.documents()
        // The test would pass vacuously if it found no document or no reference.
        #expect(documents.count >= 5)
        #expect(documents.allSatisfy { !$0.links.isEmpty || !$0.paths.isEmpty })
    }

    @Test func everyRelativeLinkExists() throws {
        for document in try Self.documents() {
            for link in document.links {
                #expect(document.resolves(link: link.text), "\(document.path):\(link.line): the link \(link.text) leads nowhere")
            }
        }
    }

    @Test func everyNamedPathExists() throws {
        for document in try Self.documents() {
            for path in document.paths {
                #expect(document.resolves(path: path.text), "\(document.path):\(path.line): \(path.text) does not exist")
            }
        }
    }

    @Test func aMissingPathOrAnchorIsFound() throws {
        // The rules themselves, on text written here: what is there passes, what is not fails.
        let document = DocumentReferences(root: Self.root, path: "docs/PROBE.md", text: """
            # A heading
            See [the protocol](PROTOCOL.md), [up](#a-heading), [out](https://example.com/x),
            `scripts/e2e.sh`, Sources/BinderyJSON/, `Sources/C*` and docs/nginx.conf.
            Gone: [there](PROTOCOL.md#no-such-heading), [here](#nowhere), scripts/bench-nchan.conf,
            `Sources/Nothing*`.
            """)
        #expect(document.links.map(\.text) == ["PROTOCOL.md", "#a-heading", "PROTOCOL.md#no-such-heading", "#nowhere"])
        #expect(document.links.map { document.resolves(link: $0.text) } == [true, true, false, false])
        #expect(document.paths.map(\.text) == ["scripts/e2e.sh", "Sources/BinderyJSON/", "Sources/C*", "docs/nginx.conf",
                                               "scripts/bench-nchan.conf", "Sources/Nothing*"])
        #expect(document.paths.map { document.resolves(path: $0.text) } == [true, true, true, true, false, false])
        #expect(document.paths.last?.line == 5)
    }
}
