import BinderyTestSupport
import Foundation
import Testing

/// A daemon whose view model's surface is wrong does not start, and says why in one line:
/// the library reports the problem (``Surface/problems``), and only the program, in
/// `DaemonMain.run`, ends — with exit status 1, never a crash report.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct WrongSurfaceDaemonTests {
    @Test func aDaemonWithAWrongSurfaceExitsOneWithOneLine() throws {
        let directory = try TemporaryDirectory()
        do {
            let daemon = try DaemonProcess(program: "bindery-types-daemon", directory: directory.path("d"),
                                           environment: ["BINDERY_TYPES_WRONG_SURFACE": "1"], latencyFlag: false)
            daemon.stop()
            Issue.record("the daemon served a wrong surface")
        } catch let error as DaemonTestError {
            let text = error.description
            #expect(text.contains("exited (1)"), "\(text)")
            let lines = text.split(separator: "\n").filter { $0.contains("cannot serve the view models") }
            #expect(lines.count == 1, "\(text)")
            #expect(lines.first?.contains("wrong: handle is a MutableProperty<Handle>, and a surface cannot carry Handle") == true, "\(text)")
            #expect(!text.contains("Fatal error") && !text.contains("Crash"), "not a crash report: \(text)")
        }
    }
}
