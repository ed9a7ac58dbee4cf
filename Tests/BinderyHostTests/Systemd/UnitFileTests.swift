import BinderyPersistence
import BinderyTestSupport
import Foundation
import Testing

/// The shipped unit files: settings the daemon relies on, the hardening set of systemd's own
/// systemd-journal-remote.service, and systemd-analyze's verdicts (`security --offline`
/// exposure at most 1.0, `verify` without complaints). That the units really work is proven
/// under a real systemd by scripts/systemd-test.sh.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct UnitFileTests {
    static let unitDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("systemd")
    static let service = unitDirectory.appendingPathComponent("binderyd.service").path
    static let socket = unitDirectory.appendingPathComponent("binderyd.socket").path

    /// The unit's `Key=Value` lines, in order (comments and section headers dropped).
    static func settings(_ path: String) throws -> [(key: String, value: String)] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.hasPrefix("["), let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ExternalTool.systemdAnalyze.path ?? "/usr/bin/systemd-analyze")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func serviceRunsTheDaemonAsANotifyServiceWithItsDirectories() throws {
        let settings = try Self.settings(Self.service)
        func value(_ key: String) -> String? { settings.first { $0.key == key }?.value }
        #expect(value("Type") == "notify")
        #expect(value("WatchdogSec") != nil)
        // `make install` replaces this path with its BINDIR; the dashboard is compiled in.
        #expect(value("ExecStart") == "/usr/local/bin/binderyd $BINDERYD_OPTS")
        #expect(value("EnvironmentFile") == "-/etc/default/bindery")
        #expect(value("DynamicUser") == "yes")
        #expect(value("StateDirectory") == "bindery")
        #expect(value("RuntimeDirectory") == "bindery")
        // The socket file lives in the runtime directory; it must survive a service restart.
        #expect(value("RuntimeDirectoryPreserve") == "yes")
    }

    @Test func serviceCarriesJournalRemotesHardeningSet() throws {
        let settings = try Self.settings(Self.service)
        let journalRemote: [(String, String)] = [
            ("LockPersonality", "yes"), ("MemoryDenyWriteExecute", "yes"), ("NoNewPrivileges", "yes"),
            ("PrivateDevices", "yes"), ("PrivateNetwork", "yes"), ("PrivateTmp", "yes"), ("ProtectClock", "yes"),
            ("ProtectControlGroups", "yes"), ("ProtectHome", "yes"), ("ProtectHostname", "yes"),
            ("ProtectKernelModules", "yes"), ("ProtectKernelTunables", "yes"), ("ProtectKernelLogs", "yes"),
            // Stricter than journal-remote's AF_UNIX AF_INET AF_INET6: the TCP socket is passed.
            ("ProtectSystem", "strict"), ("RestrictAddressFamilies", "AF_UNIX"),
            ("RestrictNamespaces", "yes"), ("RestrictRealtime", "yes"), ("RestrictSUIDSGID", "yes"),
            ("SystemCallArchitectures", "native"),
        ]
        for (key, expected) in journalRemote {
            #expect(settings.contains { $0.key == key && $0.value == expected }, "\(key)=\(expected)")
        }
    }

    /// Both sockets in one unit: systemd would give them one FileDescriptorName=, so the unit
    /// sets none and binderyd tells them apart by kind (SocketAssignmentTests).
    @Test func socketListensOnTheControlPathAndLoopbackHTTP() throws {
        let settings = try Self.settings(Self.socket)
        #expect(settings.filter { $0.key == "ListenStream" }.map(\.value) == ["/run/bindery/control.sock", "127.0.0.1:8420"])
        #expect(!settings.contains { $0.key == "FileDescriptorName" })
        #expect(settings.contains { $0.key == "SocketMode" && $0.value == "0600" })
    }

    /// nginx makes its publish socket writable by everyone, so the directory it is in decides who
    /// may post to the dashboards: the package's group and directory, the service's group, and
    /// docs/nginx-nchan.conf's socket inside that directory must agree. That another user is
    /// refused there is proven under a real systemd by scripts/systemd-test.sh.
    @Test func servicePostsThroughTheGroupsDirectory() throws {
        func lines(_ name: String) throws -> [String] {
            try String(contentsOfFile: Self.unitDirectory.appendingPathComponent(name).path, encoding: .utf8)
                .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        }
        let settings = try Self.settings(Self.service)
        #expect(settings.filter { $0.key == "SupplementaryGroups" }.map(\.value) == ["bindery-publish"])
        #expect(try lines("bindery.sysusers.conf") == ["g bindery-publish -"])
        #expect(try lines("bindery.tmpfiles.conf") == ["d /run/bindery-publish 0710 root bindery-publish -"])
        let conf = try String(contentsOf: Self.unitDirectory.deletingLastPathComponent()
            .appendingPathComponent("docs/nginx-nchan.conf"), encoding: .utf8)
        #expect(conf.contains("    listen unix:/run/bindery-publish/nginx.sock;\n"))
        #expect(conf.contains("--publish-url http://unix:/run/bindery-publish/nginx.sock:/bindery/\n"))
    }

    @Test(.enabled(if: ExternalTool.systemdAnalyze.isInstalled, Comment(rawValue: ExternalTool.systemdAnalyze.missingReason)))
    func securityExposureIsAtMostOne() throws {
        let (status, output) = try Self.run(["security", "--offline=true", "--no-pager", Self.service])
        #expect(status == 0, "\(output)")
        let line = try #require(output.split(separator: "\n").first { $0.contains("Overall exposure level") })
        let score = try #require(line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) })
        #expect(score <= 1.0, "\(line)")
    }

    /// `verify` needs the system's units (sysinit.target, …) and an executable at ExecStart's
    /// path, so it runs against a scratch root holding both, with the units unchanged.
    @Test(.enabled(if: ExternalTool.systemdAnalyze.isInstalled, Comment(rawValue: ExternalTool.systemdAnalyze.missingReason)))
    func verifyReportsNothing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-units-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = FileManager.default
        let binary = root.appendingPathComponent("usr/local/bin/binderyd")
        let units = root.appendingPathComponent("etc/systemd/system")
        try files.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try files.createDirectory(at: units, withIntermediateDirectories: true)
        try files.createDirectory(at: root.appendingPathComponent("usr/lib/systemd"), withIntermediateDirectories: true)
        try files.copyItem(atPath: "/usr/lib/systemd/system", toPath: root.appendingPathComponent("usr/lib/systemd/system").path)
        try Data("#!/bin/sh\n".utf8).write(to: binary)
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        try files.copyItem(atPath: Self.service, toPath: units.appendingPathComponent("binderyd.service").path)
        try files.copyItem(atPath: Self.socket, toPath: units.appendingPathComponent("binderyd.socket").path)

        let (status, output) = try Self.run([
            "verify", "--man=no", "--root=\(root.path)", "binderyd.service", "binderyd.socket",
        ])
        #expect(status == 0)
        #expect(output.isEmpty, "\(output)")
    }
}
