import BinderyHTTP
import BinderyHost
import BinderyTestSupport
import Foundation
import Testing

/// docs/openapi.yaml describes binderyd's HTTP API: its paths are the routes the daemon
/// declares (``DaemonHTTPRoutes/routes``), and the daemon serves it, compiled in, at
/// `/api/openapi.yaml`. (That every answer matches it is scripts/api-check.sh's job.)
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct APIDescriptionTests {
    /// This checkout's docs/openapi.yaml.
    static var documentPath: String {
        URL(fileURLWithPath: DaemonProcess.webDirectory).deletingLastPathComponent()
            .appendingPathComponent("docs/openapi.yaml").path
    }

    /// The keys of the top-level `paths:` of a YAML document written as docs/openapi.yaml is:
    /// each path a key of its own line, indented two spaces (`  /api/state:`), quoted or not.
    static func describedPaths(_ yaml: String) -> [String] {
        var paths: [String] = []
        var inPaths = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first != " ", first != "#" {
                inPaths = line.hasPrefix("paths:")
                continue
            }
            guard inPaths, line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") else { continue }
            var key = line.dropFirst(2).dropLast()
            if key.count >= 2, let quote = key.first, quote == "\"" || quote == "'", key.last == quote {
                key = key.dropFirst().dropLast()
            }
            paths.append(String(key))
        }
        return paths
    }

    @Test func everyRouteIsDescribedAndEveryDescribedPathIsARoute() throws {
        let described = Self.describedPaths(try String(contentsOfFile: Self.documentPath, encoding: .utf8))
        let served = DaemonHTTPRoutes.routes.paths
        #expect(described.count == Set(described).count, "a path described twice: \(described)")
        #expect(Set(served).subtracting(described).sorted() == [], "routes docs/openapi.yaml does not describe")
        #expect(Set(described).subtracting(served).sorted() == [], "paths docs/openapi.yaml describes that no route serves")
        // The dashboard's files are the route for every other path.
        #expect(DaemonHTTPRoutes.routes.otherwise.path == "/{file}")
    }

    /// The reader finds what a differing document adds or lacks (so the comparison above can
    /// fail): nested keys, comments and the other top-level sections are not paths.
    @Test func describedPathsAreTheKeysOfPathsOnly() {
        let yaml = """
            openapi: 3.1.0
            # paths:
            info:
              title: x
            paths:
              /api/state:
                get:
                  responses: {}
              "/{file}":
                get: {}
            components:
              schemas:
                Version: {}
            """
        #expect(Self.describedPaths(yaml) == ["/api/state", "/{file}"])
    }

    /// The daemon serves the document it was built with, byte for byte: typed YAML, with a
    /// content tag that revalidates to 304, and refused to another origin's page like the API.
    @Test func theDaemonServesTheDocumentAsBuilt() throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(directory: directory.path("d"))
        let http = try daemon.http()
        let served = try http.get("/api/openapi.yaml")
        #expect(served.status == 200)
        #expect(served.header("Content-Type") == "application/yaml")
        #expect(served.header("Cache-Control") == "no-cache")
        #expect(Data(served.body) == (try Data(contentsOf: URL(fileURLWithPath: Self.documentPath))))
        let etag = try #require(served.header("ETag"))
        let revalidated = try http.get("/api/openapi.yaml", headers: ["If-None-Match: \(etag)"])
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
        #expect(try http.get("/api/openapi.yaml", headers: ["Sec-Fetch-Site: cross-site"]).status == 403)
        #expect(daemon.stop() == 0)
    }
}
