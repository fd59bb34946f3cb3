import Foundation

/// One file of the generated site.
public struct OutputFile: Sendable {
    /// The path below the output folder, with `/` separators.
    public var path: String
    public var contents: Contents

    public enum Contents: Sendable {
        case text(String)
        /// A file copied unchanged from the content or templates folder.
        case copy(URL)
    }

    public init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }
}
