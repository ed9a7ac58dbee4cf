import BinderyCLI
import BinderyTestSupport
import Foundation
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ScriptLineReaderTests {
    func reader(for text: String) throws -> (ScriptLineReader, Pipe) {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(text.utf8))
        try pipe.fileHandleForWriting.close()
        return (ScriptLineReader(fd: pipe.fileHandleForReading.fileDescriptor, limit: 8), pipe)
    }

    @Test func linesAndTheLastLineWithoutNewline() throws {
        var (reader, pipe) = try reader(for: "ab\r\n\ncd")
        #expect(reader.next() == .text("ab"))
        #expect(reader.next() == .text(""))
        #expect(reader.next() == .text("cd"))
        #expect(reader.next() == nil)
        _ = pipe
    }

    @Test func aLongLineIsReportedOnceAndSkipped() throws {
        var (reader, pipe) = try reader(for: "123456789012\nok\n1234567890")
        guard case .tooLong? = reader.next() else { Issue.record("expected tooLong"); return }
        #expect(reader.next() == .text("ok"))
        guard case .tooLong? = reader.next() else { Issue.record("expected tooLong"); return }
        #expect(reader.next() == nil)
        _ = pipe
    }
}
