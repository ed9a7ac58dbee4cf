import Foundation

/// A program from outside the toolchain that some tests drive, from the Debian packages
/// `make test` installs (`make deps`) and `make run` does not (`make deps-run`). On a machine
/// with only what building and running need, `swift test` skips the tests that need one, each
/// saying which program and which package brings it, instead of failing them.
public enum ExternalTool: String, Sendable {
    case tmux
    case python3
    case systemdAnalyze = "systemd-analyze"
    case systemdSocketActivate = "systemd-socket-activate"

    /// The Debian package that brings it.
    public var package: String {
        switch self {
        case .tmux: return "tmux"
        case .python3: return "python3"
        case .systemdAnalyze, .systemdSocketActivate: return "systemd"
        }
    }

    /// Its path, if it is on the `PATH` (or in /usr/bin, where Debian puts it).
    public var path: String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
        return directories.lazy.map { $0 + "/" + rawValue }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether it is installed here.
    public var isInstalled: Bool { path != nil }

    /// Why a test that needs it is skipped: "needs tmux (Debian's tmux; make deps installs it)".
    public var missingReason: String {
        "needs \(rawValue) (Debian's \(package); make deps installs it)"
    }
}
