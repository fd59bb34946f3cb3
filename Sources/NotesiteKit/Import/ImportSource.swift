import Foundation

/// A folder of Markdown notes to import, and what kind of site it is: where its notes are, and where an address
/// that starts at the site's root (`/images/x.png`) finds its file.
public struct ImportSource: Sendable {
    public enum Shape: String, Sendable {
        /// `_config.yml` and `_posts/`: the posts and drafts are the notes.
        case jekyll
        /// `config.toml`, `hugo.toml` or `config.yaml`, and `content/`.
        case hugo
        /// `docs/` with `docs/.vuepress/`.
        case vuepress
        /// `docs/` with `docusaurus.config.js`.
        case docusaurus
        /// Any other folder: every Markdown file, a folder's README among them.
        case plain

        public var name: String {
            switch self {
            case .jekyll: "a Jekyll site"
            case .hugo: "a Hugo site"
            case .vuepress: "a VuePress site"
            case .docusaurus: "a Docusaurus site"
            case .plain: "a folder of Markdown files"
            }
        }
    }

    /// One Markdown file found: its path inside the source folder, and whether it is a draft (Jekyll's `_drafts/`).
    public struct NoteFile: Hashable, Sendable {
        public var path: String
        public var isDraft: Bool
    }

    public let root: URL
    /// How messages name the folder (as the user typed it).
    public let displayRoot: String
    public let shape: Shape
    /// The folders, inside `root`, whose Markdown files are notes (empty: the whole folder).
    public let noteFolders: [String]
    /// The folder, inside `root`, that an address starting with `/` starts from (empty: `root` itself).
    public let siteRootFolder: String

    /// Folders never looked into: dependencies, build output and other tools' folders (hidden folders too).
    static let skippedFolders: Set<String> = ["node_modules", "_site", "public", "vendor", "Pods", "Carthage"]
    /// Files that are a project's, not notes (by the start of their name, in any case).
    static let projectFilePrefixes = ["license", "licence", "changelog", "contributing", "code_of_conduct"]
    static let markdownExtensions: Set<String> = ["md", "markdown"]

    /// Looks at the folder `root`; throws when it is missing or a file.
    public init(root: URL, displayRoot: String) throws {
        try NotesiteError.requireFolder(root, role: "source", displayPath: displayRoot)
        self.root = root.standardizedFileURL
        self.displayRoot = displayRoot
        func isFile(_ path: String) -> Bool { Self.kind(root.appendingPathComponent(path).path) == .file }
        func isFolder(_ path: String) -> Bool { Self.kind(root.appendingPathComponent(path).path) == .folder }
        if isFile("_config.yml") && isFolder("_posts") {
            (shape, noteFolders, siteRootFolder) = (.jekyll, ["_posts", "_drafts"], "")
        } else if ["config.toml", "hugo.toml", "config.yaml", "hugo.yaml"].contains(where: isFile) && isFolder("content") {
            (shape, noteFolders, siteRootFolder) = (.hugo, ["content"], "static")
        } else if isFolder("docs") && isFolder("docs/.vuepress") {
            (shape, noteFolders, siteRootFolder) = (.vuepress, ["docs"], "docs/.vuepress/public")
        } else if isFolder("docs") && ["docusaurus.config.js", "docusaurus.config.ts"].contains(where: isFile) {
            (shape, noteFolders, siteRootFolder) = (.docusaurus, ["docs"], "static")
        } else {
            (shape, noteFolders, siteRootFolder) = (.plain, [], "")
        }
    }

    /// The folder's name, for a README directly in the folder notes are imported from.
    public var name: String { root.lastPathComponent }

    /// Every Markdown file, sorted by path: the notes, and the files passed over with the reason. `excluding`: a
    /// folder inside `root` that is not looked into (the content folder being imported into).
    public func markdownFiles(excluding excluded: URL? = nil) -> (notes: [NoteFile], skipped: [ImportPlan.Skipped]) {
        var notes: [NoteFile] = []
        var skipped: [ImportPlan.Skipped] = []
        let excludedPath = excluded?.standardizedFileURL.path
        var pending = [""]
        while let folder = pending.popLast() {
            let absolute = folder.isEmpty ? root.path : root.path + "/" + folder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else {
                skipped.append(.init(path: folder, reason: .unreadable("the folder cannot be listed")))
                continue
            }
            for name in names {
                let path = folder.isEmpty ? name : folder + "/" + name
                let full = root.path + "/" + path
                switch Self.kind(full) {
                case .folder:
                    if name.hasPrefix(".") || Self.skippedFolders.contains(name) || full == excludedPath { continue }
                    pending.append(path)
                case .file, .link:
                    let ext = (name as NSString).pathExtension.lowercased()
                    guard Self.markdownExtensions.contains(ext) else { continue }
                    if let reason = skipReason(path: path, name: name, isLink: Self.kind(full) == .link) {
                        skipped.append(.init(path: path, reason: reason))
                    } else {
                        notes.append(NoteFile(path: path, isDraft: shape == .jekyll && path.hasPrefix("_drafts/")))
                    }
                case .other, nil: continue
                }
            }
        }
        return (notes.sorted { $0.path < $1.path }, skipped.sorted { $0.path < $1.path })
    }

    /// Why the Markdown file at `path` is not a note; nil when it is one.
    private func skipReason(path: String, name: String, isLink: Bool) -> ImportPlan.SkipReason? {
        if name.hasPrefix(".") { return .hidden }
        let lowered = name.lowercased()
        if Self.projectFilePrefixes.contains(where: lowered.hasPrefix) { return .notANote }
        if !noteFolders.isEmpty && !noteFolders.contains(where: { path.hasPrefix($0 + "/") }) {
            return .outsideNotes(noteFolders.map { $0 + "/" }.joined(separator: " and "))
        }
        if shape == .hugo && lowered.hasPrefix("_index.") { return .listPage }
        if isLink {
            // A link is read only when it leads to a file inside the folder.
            let resolved = root.appendingPathComponent(path).resolvingSymlinksInPath().path
            let inside = root.resolvingSymlinksInPath().path
            if !resolved.hasPrefix(inside + "/") || Self.kind(resolved) != .file { return .linkOutside }
        }
        return nil
    }

    /// The folder, inside `root`, whose README or index names its note after the source folder: the folder notes
    /// are imported from (Hugo's `content/`, the sites' `docs/`), or `root`.
    func importRoot(of path: String) -> String {
        noteFolders.first { path.hasPrefix($0 + "/") } ?? ""
    }

    enum Kind { case file, folder, link, other }

    /// What is at `path`, links not followed.
    static func kind(_ path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }
}
