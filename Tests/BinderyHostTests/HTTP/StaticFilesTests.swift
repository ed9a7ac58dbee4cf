import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Foundation
import Testing

@Suite(.ownThreads, .timeLimit(.minutes(2))) struct StaticFilesTests {
    @Test func resolvesOnlyInsideTheRoot() throws {
        let web = try TestWebRoot()
        let files = try StaticFiles(directory: web.root)
        func resolve(_ raw: String) throws -> String? { files.resolve(try #require(RequestTarget(raw))) }
        #expect(try resolve("/") == files.root + "/index.html")
        #expect(try resolve("/sub") == files.root + "/sub/index.html")
        #expect(try resolve("/inner-link.js") == files.root + "/app.js")
        #expect(try resolve("/escape.txt") == nil)
        #expect(try resolve("/escape-dir/outside.txt") == nil)
        #expect(try resolve("/.secret") == nil)
        #expect(try resolve("/missing") == nil)
    }

    @Test func missingOrNonDirectoryRootsAreOneLineErrors() throws {
        let web = try TestWebRoot()
        #expect(throws: HTTPSetupError.self) { try StaticFiles(directory: web.root + "/nowhere") }
        #expect(throws: HTTPSetupError.self) { try StaticFiles(directory: web.root + "/index.html") }
    }

    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"), ("APP.JS", "text/javascript; charset=utf-8"),
        ("a.css", "text/css; charset=utf-8"), ("i.svg", "image/svg+xml"), ("i.png", "image/png"),
        ("d.json", "application/json"), ("favicon.ico", "image/x-icon"), ("blob", "application/octet-stream"),
        (".bashrc", "application/octet-stream"), ("openapi.yaml", "application/yaml"), ("a.YML", "application/yaml"),
    ])
    func mediaTypes(name: String, type: String) {
        #expect(MediaType.forFileName(name) == type)
    }
}

/// Found by fuzzing the request target (`fuzz-http-request`): a combining mark after a `/`
/// makes one character of the two, so `String`'s `hasPrefix` compared paths differently from
/// the file system.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct StaticFilesByteComparisonTests {
    @Test func aCombiningMarkHidesNoDotfile() throws {
        let web = try TemporaryDirectory()
        try Data("secret".utf8).write(to: web.file(".\u{301}git"))
        try Data("ok".utf8).write(to: web.file("index.html"))
        let files = try StaticFiles(directory: web.url.path(percentEncoded: false))
        #expect(files.resolve(try #require(RequestTarget("/.%CC%81git"))) == nil, "a name starting with a dot is a dotfile")
        #expect(files.resolve(try #require(RequestTarget("/"))) != nil)
    }

    @Test func aSiblingInTheOtherNormalFormIsOutsideTheRoot() throws {
        let parent = try TemporaryDirectory()
        let root = parent.path("cafe\u{301}")
        let sibling = parent.path("caf\u{E9}")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: sibling, withIntermediateDirectories: false)
        try Data("outside".utf8).write(to: URL(fileURLWithPath: sibling + "/secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: root + "/link.txt", withDestinationPath: sibling + "/secret.txt")
        try Data("inside".utf8).write(to: URL(fileURLWithPath: root + "/inside.txt"))
        let files = try StaticFiles(directory: root)
        #expect(files.resolve(try #require(RequestTarget("/link.txt"))) == nil, "caf\u{E9} is another directory than cafe\u{301}")
        #expect(files.resolve(try #require(RequestTarget("/inside.txt"))) == files.root + "/inside.txt")
    }
}
