import Foundation

/// A fresh directory under the system's temporary directory, removed when released.
public final class TemporaryDirectory {
    /// The directory; it exists from `init` until this object is released.
    public let url: URL

    /// A directory called `name` (unique by default; a shorter name keeps socket paths in it
    /// short, as a person's would be).
    public init(name: String = "bindery-tests-\(UUID().uuidString)") throws {
        url = FileManager.default.temporaryDirectory
            .appending(path: name, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `name` inside the directory (not created).
    public func file(_ name: String) -> URL {
        url.appending(path: name)
    }

    /// The path of `name` inside the directory (not created).
    public func path(_ name: String) -> String {
        file(name).path(percentEncoded: false)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
