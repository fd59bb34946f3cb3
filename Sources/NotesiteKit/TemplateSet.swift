import Foundation
import Mustache

/// The Mustache templates of `Templates/` and the static files beside them (`Templates/assets/`).
public struct TemplateSet: Sendable {
    /// Templates every site needs.
    public static let required = ["home", "language", "note", "search", "not-found"]
    /// Templates a site with reference data (`Content/data/`) needs too.
    public static let referenceTemplates = ["reference-index", "reference-page", "collapse-table"]

    let library: MustacheLibrary
    /// The chrome's words in each language (`strings.yml`).
    public let strings: Strings
    let names: Set<String>
    /// Files under `assets/`, as paths below the templates folder, copied to the output unchanged.
    let assets: [String]
    let root: URL

    /// Loads every `*.mustache` file below `folder`; a template that does not parse stops the run, with its position.
    public init(folder: URL, displayPath: String) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw NotesiteError.folderMissing(role: "templates", path: displayPath)
        }
        var library = MustacheLibrary()
        var names: Set<String> = []
        var assets: [String] = []
        let base = folder.standardizedFileURL.path
        let enumerator = fm.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            if relative.hasPrefix("assets/") {
                if !url.lastPathComponent.hasPrefix(".") { assets.append(relative) }
                continue
            }
            guard url.pathExtension == "mustache" else { continue }
            // Partials sit beside the page templates; every page template reads strings.yml through `t`.
            let name = String(relative.dropLast(".mustache".count))
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw NotesiteError.unreadable(path: "\(displayPath)/\(relative)", reason: "not readable UTF-8 text")
            }
            do {
                try library.register(text, named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw NotesiteError.templates(
                    "\(displayPath)/\(relative):\(error.context.lineNumber):\(error.context.columnNumber): error: the template does not parse: \(error.error) [template.invalid]")
            }
            names.insert(name)
        }
        let missing = Self.required.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw NotesiteError.templates("\(displayPath): error: the templates folder has no \(missing.map { "\($0).mustache" }.joined(separator: ", ")) [template.missing]")
        }
        self.names = names
        self.library = library
        self.strings = try Strings.load(folder.appendingPathComponent("strings.yml"), displayPath: "\(displayPath)/strings.yml")
        self.assets = assets.sorted()
        self.root = folder
    }

    /// Stops the run when one of `required` is missing.
    func require(_ required: [String], displayPath: String) throws {
        let missing = required.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw NotesiteError.templates("\(displayPath): error: the templates folder has no \(missing.map { "\($0).mustache" }.joined(separator: ", ")) [template.missing]")
        }
    }

    func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }
}
