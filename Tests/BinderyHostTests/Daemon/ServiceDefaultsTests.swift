import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing

/// Defaults an operator relies on: private state whatever the umask, a warning and the true
/// URL for an HTTP address other than loopback.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct ServiceDefaultsTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o7777
    }

    /// Under umask 000 (the worst case), everything in the state directory — both SQLite
    /// databases with their -wal and -shm files — is 0600 and the directory 0700.
    @Test func stateIsPrivateWhateverTheUmask() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"), umask: "000")
        #expect(try daemon.control().request(#"{"op":"set","vm":"signin","name":"password","value":"hunter22"}"#).isOK)
        let state = daemon.stateDirectory
        let files = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(files.contains("state.sqlite") && files.contains { $0.hasSuffix("-wal") })
        #expect(Self.mode(state) == 0o700)
        for file in files {
            #expect(Self.mode(state + "/" + file) == 0o600, "\(file) is \(String(Self.mode(state + "/" + file), radix: 8))")
        }
        #expect(daemon.stop() == 0)
    }

    /// A state directory an older binderyd left readable is tightened, and the log says so.
    @Test func anOpenStateDirectoryIsTightened() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("d/state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        chmod(state, 0o755)
        try Data("x".utf8).write(to: URL(fileURLWithPath: state + "/leftover"))
        chmod(state + "/leftover", 0o644)
        let daemon = try DaemonProcess(directory: directory.path("d"), umask: "022")
        #expect(Self.mode(state) == 0o700)
        #expect(Self.mode(state + "/leftover") == 0o600)
        #expect(daemon.stop() == 0)
        let log = daemon.standardError()
        #expect(log.contains("was 0755; made it 0700"))
        #expect(log.contains("leftover was 0644; removed group and other access"))
    }

    /// The socket's own directory, when binderyd creates it, stays 0755 (the socket's mode
    /// decides who connects), even though the daemon's umask is 077.
    @Test func createdSocketDirectoryIsNotMadePrivate() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"),
                                       extraArguments: ["--socket", directory.path("run/sub/control.sock")])
        #expect(Self.mode(directory.path("run/sub")) == 0o755)
        #expect(daemon.stop() == 0)
    }

    @Test func wildcardHTTPIsLoggedAsAWarningWithTheRealAddress() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"), http: "0.0.0.0:0")
        #expect(daemon.dashboardURL == "http://0.0.0.0:\(daemon.port)/")
        #expect(try daemon.http().get("/healthz").status == 200)
        #expect(daemon.stop() == 0)
        let warning = try #require(daemon.standardError().split(separator: "\n").first { $0.contains("warning:") })
        #expect(warning.contains("every network interface, 0.0.0.0:\(daemon.port)"))
        // The demo's password and verification code are marked secret: not named as exposed.
        #expect(!warning.contains("signin.password") && !warning.contains("login.verifyCode"))
        #expect(warning.contains("secret inputs only as set or not set"))
    }

    @Test func loopbackHTTPIsNotWarnedAbout() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"), http: "[::1]:0")
        #expect(daemon.dashboardURL == "http://[::1]:\(daemon.port)/")
        #expect(daemon.stop() == 0)
        #expect(!daemon.standardError().contains("warning:"))
    }

    @Test func listenAddressKnowsLoopbackAndWildcard() {
        #expect(ListenAddress(host: "127.0.0.1", port: 1).isLoopback)
        #expect(ListenAddress(host: "127.8.9.1", port: 1).isLoopback)
        #expect(ListenAddress(host: "::1", port: 1).isLoopback)
        #expect(ListenAddress(host: "::ffff:127.0.0.1", port: 1).isLoopback)
        #expect(!ListenAddress(host: "0.0.0.0", port: 1).isLoopback && ListenAddress(host: "0.0.0.0", port: 1).isWildcard)
        #expect(!ListenAddress(host: "::", port: 1).isLoopback && ListenAddress(host: "::", port: 8).url == "http://[::]:8/")
        #expect(!ListenAddress(host: "192.168.1.4", port: 1).isLoopback && !ListenAddress(host: "192.168.1.4", port: 1).isWildcard)
        #expect(NetworkExposure.warning(for: ListenAddress(host: "127.0.0.1", port: 8420), surfaces: []) == nil)
        #expect(NetworkExposure.warning(for: ListenAddress(host: "10.0.0.2", port: 8420), surfaces: [])?
            .contains("non-loopback address, 10.0.0.2:8420") == true)
    }
}
