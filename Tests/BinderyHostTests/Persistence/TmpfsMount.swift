import BinderyTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A small tmpfs mounted at a fresh directory (to fill up, or to remount read-only), unmounted
/// and removed when released. Needs root (CI runs as root); ``isAvailable`` tells whether
/// mounting works here, so tests can be skipped with a clear reason instead of failing.
final class TmpfsMount {
    let path: String
    private var mounted = false

    /// Whether a tmpfs can be mounted here (root, and mount(8) allowed); probed once.
    static let isAvailable: Bool = {
        guard getuid() == 0, let probe = try? TemporaryDirectory() else { return false }
        let point = probe.path("probe")
        try? FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        guard run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", point]) == 0 else { return false }
        _ = run(["umount", point])
        return true
    }()

    /// Mounts a tmpfs of `size` (mount(8) syntax, e.g. "8m") at `path`, creating it.
    init(at path: String, size: String) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.run(["mount", "-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", path]) == 0 else {
            throw DaemonTestError(description: "cannot mount a tmpfs at \(path)")
        }
        mounted = true
    }

    /// Remounts it read-only (nothing may have a file on it open for writing).
    func remountReadOnly() throws {
        guard Self.run(["mount", "-o", "remount,ro", path]) == 0 else {
            throw DaemonTestError(description: "cannot remount \(path) read-only")
        }
    }

    /// Fills every free byte with a file `name`; returns its path (remove it to free the space).
    func fill(name: String = "filler") -> String {
        let file = path + "/" + name
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let chunk = [UInt8](repeating: 0x5A, count: 4096)
        while write(descriptor, chunk, chunk.count) > 0 {}
        // Then byte by byte, so not even a partial page is left.
        while write(descriptor, chunk, 1) > 0 {}
        close(descriptor)
        return file
    }

    deinit {
        if mounted { _ = Self.run(["umount", "-l", path]) }
    }

    @discardableResult
    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
