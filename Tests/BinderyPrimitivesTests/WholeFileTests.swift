import BinderyPrimitives
import BinderyTestSupport
import Foundation
import Testing

/// `WholeFile`: the one way the package reads (and binderyctl writes) a file whole, with one
/// line naming the file and the reason when it cannot.
@Suite(.timeLimit(.minutes(1)))
struct WholeFileTests {
    @Test func whatIsWrittenIsReadBackWhole() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("session.json")
        // Larger than one read's chunk, so the reader loops.
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(throws: Never.self) { try WholeFile.write(bytes, to: path).get() }
        #expect(try WholeFile.read(path).get() == bytes)
        #expect(throws: Never.self) { try WholeFile.write(Array("short".utf8), to: path).get() }
        #expect(try WholeFile.text(path).get() == "short")
    }

    @Test func aMissingFileSaysWhichAndWhy() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("absent")
        #expect(error(WholeFile.read(path)) == "cannot read \(path): No such file or directory")
        #expect(error(WholeFile.write([1], to: directory.path("no/such/dir"))) == "cannot write \(directory.path("no/such/dir")): No such file or directory")
    }

    @Test func aFileOverTheLimitIsRefusedNamingTheLimit() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("big")
        #expect(throws: Never.self) { try WholeFile.write([UInt8](repeating: 7, count: 4097), to: path).get() }
        #expect(error(WholeFile.read(path, limit: 4096)) == "cannot read \(path): larger than 4096 bytes")
        #expect(try WholeFile.read(path, limit: 4097).get().count == 4097)
    }

    @Test func aSymbolicLinkIsRefusedWhenNotFollowed() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("page.html")
        let link = directory.path("link.html")
        #expect(throws: Never.self) { try WholeFile.write(Array("<p>".utf8), to: target).get() }
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try WholeFile.read(link).get() == Array("<p>".utf8))
        #expect(error(WholeFile.read(link, followingSymlinks: false))?.hasPrefix("cannot read \(link): ") == true)
    }

    @Test func procFilesOfUnknownSizeAreReadToTheirEnd() throws {
        let status = try WholeFile.text("/proc/self/status").get()
        #expect(status.contains("Pid:\t\(getpid())"))
    }

    private func error<Value>(_ result: Result<Value, WholeFileError>) -> String? {
        if case let .failure(error) = result { return error.message }
        return nil
    }
}
