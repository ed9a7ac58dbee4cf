import BinderyTestSupport
import Foundation

extension DaemonProcess {
    /// Starts binderyd on `state` expecting it to fail; returns its exit status and the last
    /// line it wrote to stderr (status 0 and "started" if it served after all, then stopped).
    static func failedStart(_ directory: TemporaryDirectory, state: String, _ arguments: [String] = []) throws -> (status: Int32, line: String) {
        do {
            let daemon = try DaemonProcess(directory: directory.path("other-\(UUID().uuidString.prefix(8))"), stateDirectory: state,
                                           extraArguments: arguments)
            daemon.stop()
            return (0, "started")
        } catch let error as DaemonTestError {
            let text = error.description
            let status = Int32(text.split(separator: "(").dropFirst().first?.prefix { $0.isNumber } ?? "") ?? -1
            return (status, String(text.split(separator: "\n").last { !$0.isEmpty } ?? ""))
        }
    }
}
