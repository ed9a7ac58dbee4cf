import Foundation
import Testing

/// The package's layers as README.md draws them, checked against the package itself
/// (`swift package dump-package`): the picture, the bottom target under the core and the
/// services, target sizes and where test-only programs live.
@Suite(.timeLimit(.minutes(3)))
struct ArchitectureTests {
    /// The checkout this file is in.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func readmePictureIsThePackagesTargetGraph() throws {
        let package = try PackageDump.load(root: Self.root)
        let drawn = try ReadmePicture.edges(in: Self.root.appendingPathComponent("README.md"))
        // What ships: the targets under Sources/ and Plugins/ (tests, test-only programs and
        // the examples' sources a test program builds are not layers).
        let shipped = package.targets.filter { !$0.path.hasPrefix("Tests/") && !$0.path.hasPrefix("Examples/") }
        let actual = Set(shipped.flatMap { target in
            target.dependencies.map { ReadmePicture.Edge(from: target.name, to: $0) }
        })
        let missing = actual.subtracting(drawn).map(\.description).sorted()
        let extra = drawn.subtracting(actual).map(\.description).sorted()
        #expect(missing.isEmpty, "README.md's Architecture picture lacks: \(missing.joined(separator: ", "))")
        #expect(extra.isEmpty, "README.md's Architecture picture draws what Package.swift does not: \(extra.joined(separator: ", "))")
    }

    @Test func theBottomDependsOnNothingAndTheCoreOnlyOnIt() throws {
        let package = try PackageDump.load(root: Self.root)
        let bottom = try #require(package.targets.first { $0.name == "BinderyPrimitives" })
        #expect(bottom.dependencies.isEmpty, "BinderyPrimitives depends on \(bottom.dependencies)")
        let core = try #require(package.targets.first { $0.name == "BinderyCore" })
        #expect(core.dependencies == ["BinderyPrimitives"], "BinderyCore depends on \(core.dependencies)")
        let reexport = try #require(package.targets.first { $0.name == "ReactiveSwift" })
        #expect(reexport.dependencies == ["BinderyCore"])
    }

    /// The services share the lock, the retry of interrupted calls and the file reader with
    /// the core through the bottom target, never by importing the reactive core.
    @Test func noServiceImportsTheCore() throws {
        let package = try PackageDump.load(root: Self.root)
        let services = ["BinderyHTTP", "BinderyControl", "BinderySQLite", "BinderySystemd", "BinderySignals",
                        "BinderyHistory", "BinderyEventLog", "BinderyCLI"]
        for name in services {
            let target = try #require(package.targets.first { $0.name == name }, "no target \(name)")
            #expect(!target.dependencies.contains("BinderyCore"), "\(name) depends on the core")
            let folder = Self.root.appendingPathComponent(target.path)
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(!text.contains("import BinderyCore"), "\(file.lastPathComponent) (\(name)) imports the core")
            }
        }
    }

    @Test func noTargetButTheCoreIsOver6000Lines() throws {
        let package = try PackageDump.load(root: Self.root)
        for target in package.targets where target.name != "BinderyCore" && target.path.hasPrefix("Sources/") {
            let lines = try SourceLines.count(in: Self.root.appendingPathComponent(target.path))
            #expect(lines <= 6000, "\(target.name) has \(lines) lines of Swift; split it by job")
        }
    }

    /// Every `import Glibc` sits inside `#if canImport(Glibc)` (with Musl beside it), so each
    /// file says what it needs of the C library and none assumes which one the system has.
    @Test func glibcIsImportedOnlyWhereItCanBe() throws {
        var bare: [String] = []
        for folder in ["Sources", "Tests", "Examples", "Plugins"] {
            let base = Self.root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" && !file.path.contains("/.build/") {
                var depth = 0
                for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix("#if") { depth += 1 } else if line.hasPrefix("#endif") { depth -= 1 }
                    if depth == 0 && line.hasSuffix("import Glibc") { bare.append(file.path.replacingOccurrences(of: Self.root.path + "/", with: "")) }
                }
            }
        }
        #expect(bare.isEmpty, "import Glibc outside #if canImport(Glibc): \(bare.joined(separator: ", "))")
    }

    /// Every suite of the test targets that start daemons and read sockets runs on threads of
    /// its own (`.ownThreads`), so none blocks the test runner's cooperative threads: a file
    /// with tests declares its suite with `@Suite(.ownThreads, …)` (nested suites inherit it).
    @Test func suitesThatBlockRunOnTheirOwnThreads() throws {
        var missing: [String] = []
        for folder in ["Tests/BinderyHostTests", "Tests/BinderyCLITests"] {
            let base = Self.root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                guard lines.contains(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@Test") }) else { continue }
                let path = file.path.replacingOccurrences(of: Self.root.path + "/", with: "")
                let suites = lines.filter { $0.hasPrefix("@Suite") }
                if suites.isEmpty { missing.append("\(path) (tests outside a @Suite)") }
                for suite in suites where !suite.contains(".ownThreads") { missing.append("\(path): \(suite)") }
            }
        }
        #expect(missing.isEmpty, "suites without .ownThreads: \(missing.joined(separator: "; "))")
    }

    @Test func testOnlyProgramsLiveUnderTests() throws {
        let package = try PackageDump.load(root: Self.root)
        let nonTest = package.targets.filter { $0.type != "test" }
        let usedOutsideTests = Set(nonTest.flatMap(\.dependencies))
        let products = Set(package.productTargets)
        for target in nonTest where target.type == "executable" || target.type == "regular" {
            let shipped = products.contains(target.name) || usedOutsideTests.contains(target.name)
                || ["bindery-bench", "bindery-docs"].contains(target.name)
            if !shipped {
                #expect(target.path.hasPrefix("Tests/"), "\(target.name) is used only by tests but lives in \(target.path)")
            }
        }
    }
}

/// The parts of `swift package dump-package` these checks read.
struct PackageDump {
    struct Target {
        let name: String
        let type: String
        let path: String
        let dependencies: [String]
    }
    let targets: [Target]
    let productTargets: [String]

    /// Runs `swift package dump-package` on `root` with its own scratch directory, so it does
    /// not wait for the lock of the build that runs these tests.
    static func load(root: URL) throws -> PackageDump {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("bindery-dump-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let targets = json["targets"] as? [[String: Any]] else {
            throw DumpError(description: "swift package dump-package failed (status \(process.terminationStatus))")
        }
        let products = (json["products"] as? [[String: Any]] ?? []).flatMap { $0["targets"] as? [String] ?? [] }
        return PackageDump(targets: targets.map { target in
            let name = target["name"] as? String ?? ""
            let type = target["type"] as? String ?? ""
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                dependency.values.first.flatMap { ($0 as? [Any])?.first as? String }
            }
            let path = target["path"] as? String
                ?? (type == "test" ? "Tests/\(name)" : type == "plugin" ? "Plugins/\(name)" : "Sources/\(name)")
            return Target(name: name, type: type, path: path, dependencies: dependencies)
        }, productTargets: products)
    }

    struct DumpError: Error, CustomStringConvertible { let description: String }
}

/// The arrows of README.md's Architecture picture (its `mermaid` block: `A --> B` lines).
enum ReadmePicture {
    struct Edge: Hashable, CustomStringConvertible {
        let from: String
        let to: String
        var description: String { "\(from) --> \(to)" }
    }

    static func edges(in readme: URL) throws -> Set<Edge> {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "## Architecture"),
              let block = text[start.upperBound...].range(of: "```mermaid\n"),
              let end = text[block.upperBound...].range(of: "```") else { return [] }
        var edges = Set<Edge>()
        for line in text[block.upperBound..<end.lowerBound].split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count == 3, parts[1] == "-->" {
                edges.insert(Edge(from: String(parts[0]), to: String(parts[2])))
            }
        }
        return edges
    }
}

/// Lines of Swift below a folder.
enum SourceLines {
    static func count(in folder: URL) throws -> Int {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return 0 }
        var lines = 0
        for case let file as URL in walker where file.pathExtension == "swift" {
            lines += try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
        }
        return lines
    }
}
