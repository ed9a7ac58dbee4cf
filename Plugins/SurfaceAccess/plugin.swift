import Foundation
import PackagePlugin

/// Tells Bindery's `Surface(self)` how the stored members of the target's classes are
/// declared: on every build whose sources changed, `bindery-access-scan` reads the target's
/// Swift files and writes a source conforming each class to `SurfaceMemberAccess`, so that
/// only a `public` or `open` `MutableProperty` is an input and every other one is shown
/// read-only. Apply it to each target holding view models (it must depend on `Bindery`):
/// `plugins: [.plugin(name: "SurfaceAccess", package: "bindery")]`.
@main
struct SurfaceAccess: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path() < $1.path() }
        let output = context.pluginWorkDirectoryURL.appending(path: "SurfaceMemberAccess+Generated.swift")
        return [
            .buildCommand(
                displayName: "Reading the access of \(module.name)'s stored members from \(sources.count) files",
                executable: try context.tool(named: "bindery-access-scan").url,
                arguments: [output.path()] + sources.map { $0.path() },
                inputFiles: sources,
                outputFiles: [output])
        ]
    }
}
