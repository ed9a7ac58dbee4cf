import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Foundation
import Testing

/// The dashboard is compiled into binderyd from web/ (the EmbedDashboard plugin), so it is
/// served wherever binderyd runs; `--web-dir` serves a directory instead, for editing.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct DashboardTests {
    static var webFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: DaemonProcess.webDirectory)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func compiledInFilesAreExactlyTheCheckoutsWebFiles() throws {
        #expect(!Self.webFiles.isEmpty)
        #expect(EmbeddedFiles.dashboard.names == Self.webFiles)
        #expect(EmbeddedFiles.dashboard.hasIndex)
    }

    /// Started in a directory without web/, binderyd still serves every file of web/ byte for
    /// byte, with its content type and a content ETag that revalidates to 304.
    @Test func servedWithoutAWebDirectoryFromAnywhere() throws {
        let directory = try TemporaryDirectory()
        let elsewhere = directory.path("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let daemon = try DaemonProcess(directory: directory.path("d"), currentDirectory: elsewhere)
        let http = try daemon.http()
        for name in Self.webFiles where name != "index.html" {
            let response = try http.get("/" + name)
            let onDisk = try Data(contentsOf: URL(fileURLWithPath: DaemonProcess.webDirectory + "/" + name))
            #expect(response.status == 200, "\(name)")
            #expect(Data(response.body) == onDisk, "\(name) differs from web/\(name)")
            #expect(response.header("Content-Type") == MediaType.forFileName(name))
            let etag = try #require(response.header("ETag"))
            #expect(try http.get("/" + name, headers: ["If-None-Match: \(etag)"]).status == 304)
        }
        // The page is index.html with the state inline: one more line, the data block.
        let page = try String(contentsOfFile: DaemonProcess.webDirectory + "/index.html", encoding: .utf8)
        for path in ["/", "/index.html"] {
            let index = try http.get(path)
            #expect(index.status == 200 && index.header("Content-Type")?.hasPrefix("text/html") == true)
            let lines = index.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.filter { $0.hasPrefix(#"<script type="application/json" id="bindery-initial">{"surface":{"daemon":"binderyd","commandTimeoutMs":"#) }.count == 1)
            #expect(lines.filter { !$0.contains(#"id="bindery-initial""#) }.joined(separator: "\n") == page, "\(path) is index.html and its data block")
            #expect(index.header("Cache-Control") == "no-store")
        }
        #expect(try http.get("/missing.js").status == 404)
        #expect(try http.get("/.hidden").status == 404)
        #expect(try http.get("/a/index.html").status == 404)
        #expect(daemon.stop() == 0)
    }

    @Test func webDirServesEditsWithoutRebuilding() throws {
        let directory = try TemporaryDirectory()
        let web = directory.path("web")
        try FileManager.default.createDirectory(atPath: web, withIntermediateDirectories: true)
        try Data("<title>first</title>".utf8).write(to: URL(fileURLWithPath: web + "/index.html"))
        let daemon = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--web-dir", web])
        #expect(try daemon.http().get("/").text == "<title>first</title>")
        try Data("<title>edited</title>".utf8).write(to: URL(fileURLWithPath: web + "/index.html"))
        #expect(try daemon.http().get("/").text == "<title>edited</title>")
        #expect(daemon.stop() == 0)
    }

    /// A `--web-dir` that cannot serve `/` stops the start with one line, rather than print a
    /// dashboard URL that answers 404.
    @Test(arguments: ["missing", "empty"])
    func unusableWebDirIsAStartupError(_ kind: String) throws {
        let directory = try TemporaryDirectory()
        let web = directory.path(kind)
        if kind == "empty" { try FileManager.default.createDirectory(atPath: web, withIntermediateDirectories: true) }
        #expect {
            _ = try DaemonProcess(directory: directory.path("d"), extraArguments: ["--web-dir", web])
        } throws: { error in
            let text = "\(error)"
            return text.contains("exited (1)") && text.contains("--web-dir: ")
                && (kind == "missing" ? text.contains("No such file or directory") : text.contains("has no index.html"))
        }
    }
}
