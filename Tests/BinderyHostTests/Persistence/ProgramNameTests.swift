import BinderyHost
import BinderyPersistence
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// The host speaks with its program's name (a DaemonMain program such as the guide's logind):
/// never "binderyd" in what it says about its state directory.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ProgramNameTests {
    @Test func aHeldStateDirectoryNamesTheProgram() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("state")
        let first = try StateDirectory(path: state, program: "logind")
        #expect(throws: StateDirectoryError.self) { try StateDirectory(path: state, program: "logind") }
        do {
            _ = try StateDirectory(path: state, program: "logind")
        } catch {
            #expect(error.description.contains("in use by another logind (pid \(getpid()))"), "\(error)")
            #expect(!error.description.contains("binderyd"))
        }
        _ = first
    }

    @Test func theDashboardLearnsTheProgramFromTheSurface() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let surface = try daemon.http().get("/api/surface")
        #expect(surface.text.hasPrefix(#"{"daemon":"binderyd","#))
        #expect(daemon.stop() == 0)
    }
}
