import Foundation

/// The notes already in the content folder: the ones an earlier import wrote (told by their `source.path`), which
/// an import updates instead of writing again, and the names each language's folder has taken.
struct EarlierImports {
    struct Entry {
        /// Below the content folder: `notes/en/a.md`.
        var path: String
        var language: Language
        var text: String
        var sourcePath: String
        var sourceURL: String?
        var sourceCommit: String?
        var date: String?
    }

    private var bySource: [String: [Entry]] = [:]
    /// Each language folder's names, lowercased: its notes' names without `.md` (also without a leading date,
    /// which the page's address leaves out) and its folders.
    private(set) var taken: [Language: Set<String>] = [:]
    private let content: URL

    init(content: URL) {
        self.content = content
        for language in Language.builtIn {
            let folder = "notes/" + language.rawValue
            let names = (try? FileManager.default.contentsOfDirectory(atPath: content.path + "/" + folder)) ?? []
            for name in names where !ContentLoader.isIgnored(name) {
                let lowered = name.lowercased()
                if lowered.hasSuffix(".md") {
                    let base = String(lowered.dropLast(3))
                    taken[language, default: []].formUnion([base, NotePlace.withoutDate(base)])
                } else if ImportSource.kind(content.path + "/" + folder + "/" + name) == .folder {
                    taken[language, default: []].insert(lowered)
                }
            }
            for path in Self.notePaths(in: content.path + "/" + folder, relative: folder) {
                guard let data = FileManager.default.contents(atPath: content.path + "/" + path),
                      let text = String(data: data, encoding: .utf8) else { continue }
                let conversion = NoteConversion(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
                guard conversion.style == .yaml, let sourcePath = conversion.sourcePath else { continue }
                bySource[sourcePath, default: []].append(Entry(path: path, language: language, text: text, sourcePath: sourcePath,
                                                               sourceURL: conversion.sourceURL, sourceCommit: conversion.sourceCommit,
                                                               date: conversion.date))
            }
        }
    }

    /// The note an earlier import made of the file at `sourcePath` of the repository at `url`: the same path, and
    /// the same address where both have one. The first by path, when there are more.
    func match(sourcePath: String, url: String?) -> Entry? {
        bySource[sourcePath]?.filter { $0.sourceURL == nil || url == nil || $0.sourceURL == url }.min { $0.path < $1.path }
    }

    /// The text of the file at `path` below the content folder, if there is one.
    func text(at path: String) -> String? {
        FileManager.default.contents(atPath: content.path + "/" + path).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// The `.md` files below `folder`, hidden ones left out, as paths starting with `relative`.
    private static func notePaths(in folder: String, relative: String) -> [String] {
        var found: [String] = []
        var pending = [(folder, relative)]
        while let (absolute, path) = pending.popLast() {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? [] where !ContentLoader.isIgnored(name) {
                switch ImportSource.kind(absolute + "/" + name) {
                case .folder: pending.append((absolute + "/" + name, path + "/" + name))
                case .file where name.hasSuffix(".md"): found.append(path + "/" + name)
                default: break
                }
            }
        }
        return found.sorted()
    }
}
