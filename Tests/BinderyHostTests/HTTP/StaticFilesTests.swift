import BinderyHTTP
import BinderyHost
import Testing

@Suite(.timeLimit(.minutes(2))) struct StaticFilesTests {
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
