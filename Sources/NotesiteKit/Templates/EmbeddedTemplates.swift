/// The default templates, strings and assets, compiled into the library from `Templates/` by the EmbedTemplates
/// build-tool plugin (`files`, generated). A project's own `Templates/` folder overrides them file by file.
public enum EmbeddedTemplates {
    /// How findings name a default file: `(built-in)/note.mustache`.
    public static let displayRoot = "(built-in)"

    /// Every default file's path below the templates folder, sorted.
    public static var paths: [String] { files.keys.sorted() }

    /// The default file at `path` (`note.mustache`, `assets/style.css`).
    public static func text(_ path: String) -> String? { files[path] }
}
