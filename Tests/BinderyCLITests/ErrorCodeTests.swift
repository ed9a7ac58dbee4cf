import BinderyJSON
import BinderyProtocol
import BinderyTestSupport
import Foundation
import Testing

/// The one list of error codes (BinderyProtocol' `ErrorCode`) is the list docs/PROTOCOL.md
/// documents, spelled as on the wire.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ErrorCodeTests {
    @Test func everyCodeIsTheOneDocumentedInTheProtocol() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let protocolText = try String(contentsOf: root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        let table = protocolText.components(separatedBy: "| code | when |\n").dropFirst().first?
            .components(separatedBy: "\n\n").first ?? ""
        var documented: Set<String> = []
        for row in table.split(separator: "\n") where row.hasPrefix("| `") {
            let firstColumn = row.split(separator: "|").first ?? ""
            for match in firstColumn.matches(of: /`([a-z_]+)`/) { documented.insert(String(match.1)) }
        }
        #expect(documented == Set(ErrorCode.allCases.map(\.rawValue)))
    }

    @Test func aCodeIsReadFromTheJSONThatCarriesIt() {
        #expect(ErrorCode(json: .string("timed_out")) == .timedOut)
        #expect(ErrorCode(json: .string("no_such_code")) == nil)
        #expect(ErrorCode(json: .int(1)) == nil)
        #expect(ErrorCode(json: nil) == nil)
    }
}
