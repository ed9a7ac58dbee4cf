import Foundation
import PackagePlugin

/// Compiles the dashboard (`web/` at the package root) and the HTTP API's description
/// (`docs/openapi.yaml`) into the target it is applied to: on every build whose inputs
/// changed, `bindery-embed` turns each file into a string literal of a generated Swift source
/// (`DashboardFiles`, `APIDescription`), so the daemon serves the very files of the checkout
/// it was built from, wherever it is installed.
@main
struct EmbedDashboard: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let web = context.package.directoryURL.appending(path: "web")
        let names = try FileManager.default.contentsOfDirectory(atPath: web.path())
            .filter { !$0.hasPrefix(".") }
            .sorted()
        let inputs = names.map { web.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "DashboardFiles+Generated.swift")
        let description = context.package.directoryURL.appending(path: "docs/openapi.yaml")
        let descriptionOutput = context.pluginWorkDirectoryURL.appending(path: "APIDescription+Generated.swift")
        let embed = try context.tool(named: "bindery-embed").url
        return [
            .buildCommand(
                displayName: "Embedding the dashboard's \(names.count) files from web/",
                executable: embed,
                arguments: [output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]),
            .buildCommand(
                displayName: "Embedding the API's description, docs/openapi.yaml",
                executable: embed,
                arguments: ["--type", "APIDescription", descriptionOutput.path(), description.path()],
                inputFiles: [description],
                outputFiles: [descriptionOutput]),
        ]
    }
}
