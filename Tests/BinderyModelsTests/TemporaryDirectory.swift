import Foundation

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appending(path: "bindery-models-tests-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL {
        url.appending(path: name)
    }

    func path(_ name: String) -> String {
        file(name).path(percentEncoded: false)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
