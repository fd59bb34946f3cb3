import Foundation
import PackagePlugin

/// Compiles the default templates and assets (`Templates/`) into NotesiteKit as Swift source, so that a `notesite`
/// binary copied anywhere (built with --static-swift-stdlib) has them with no resource bundle beside it.
///
/// A build-tool plugin rather than a generated file in the repository: `Templates/` is also this repository's own
/// site's templates and is edited as such, and a committed copy would fall behind at every edit until someone
/// regenerated it (a test could only say so afterwards) and would double every template change in review. The
/// plugin lists `Templates/` at each build, so an added, changed or removed file is in the next build.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplateFiles.swift")
        var inputs: [URL] = []
        if let files = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in files where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                inputs.append(url)
            }
        }
        inputs.sort { $0.path < $1.path }
        return [.buildCommand(
            displayName: "Embedding the default templates (\(inputs.count) files)",
            executable: try context.tool(named: "EmbedTemplatesTool").url,
            arguments: [templates.path, output.path],
            inputFiles: inputs,
            outputFiles: [output]
        )]
    }
}
