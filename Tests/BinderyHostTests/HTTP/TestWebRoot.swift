import Foundation

/// A temporary web directory with a few files, a symlink pointing outside it, a secret next
/// to it and a dotfile; removed on deinit.
final class TestWebRoot {
    let parent: String
    let root: String

    init() throws {
        parent = FileManager.default.temporaryDirectory
            .appendingPathComponent("bindery-web-\(UUID().uuidString)").path
        root = parent + "/web"
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try write("<!doctype html><title>Bindery</title>", to: root + "/index.html")
        try write("console.log('app')", to: root + "/app.js")
        try write("body { margin: 0 }", to: root + "/style.css")
        try write("<svg xmlns='http://www.w3.org/2000/svg'/>", to: root + "/logo.svg")
        try write("{\"a\":1}", to: root + "/data.json")
        try write("sub index", to: root + "/sub/index.html")
        try write("hidden", to: root + "/.secret")
        try write("root:x:0:0:outside the web root", to: parent + "/outside.txt")
        try files.createSymbolicLink(atPath: root + "/escape.txt", withDestinationPath: parent + "/outside.txt")
        try files.createSymbolicLink(atPath: root + "/escape-dir", withDestinationPath: parent)
        try files.createSymbolicLink(atPath: root + "/inner-link.js", withDestinationPath: root + "/app.js")
    }

    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: parent)
    }
}
