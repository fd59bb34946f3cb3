import Foundation

/// One file of the generated site.
public struct OutputFile: Sendable {
    /// The path below the output folder, with `/` separators.
    public var path: String
    public var contents: Contents

    public enum Contents: Sendable {
        case text(String)
        /// UTF-8 text put together as bytes (the search scripts, `symbols.json`), written without being made a
        /// `String`.
        case bytes([UInt8])
        /// A file copied unchanged from the content or templates folder.
        case copy(URL)
    }

    /// The hash of the file's bytes, which a rebuild compares to skip writing what did not change; for a copied
    /// file, of the path it is copied from.
    var contentHash: ContentHash {
        switch contents {
        case .text(let text): ContentHash.of(text)
        case .bytes(let bytes): bytes.withUnsafeBytes { ContentHash.of($0) }
        case .copy(let source): ContentHash.of(source.path)
        }
    }

    /// Whether the file is copied from the content or templates folder rather than made.
    var isCopy: Bool {
        if case .copy = contents { return true }
        return false
    }

    public init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }
}
