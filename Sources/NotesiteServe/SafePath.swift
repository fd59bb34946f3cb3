import Foundation

/// Maps a request's path to a file of the output folder, or says why it is refused.
///
/// Only files under the output folder are served: `..` and `.` segments (plain, `%2e%2e`-encoded or encoded
/// twice), empty segments (`//etc/passwd`), backslashes, NUL, request targets that are not a path, and symbolic
/// links that lead out of the folder are all refused.
public enum SafePath {
    public enum Resolution: Equatable, Sendable {
        /// A file to serve.
        case file(URL)
        /// A folder asked for without its final `/`: redirect there, so its page's relative links work.
        case redirect(String)
        case notFound
        case refused(String)
    }

    public static func resolve(_ target: String, in root: URL) -> Resolution {
        var path = Substring(target)
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        guard path.hasPrefix("/") else { return .refused("the request target is not a path") }
        guard let decoded = String(path).removingPercentEncoding else { return .refused("the path's %-encoding is not valid") }
        let lowered = decoded.lowercased()
        for bad in ["%2e", "%2f", "%5c", "%00"] where lowered.contains(bad) {
            return .refused("the path is encoded twice")
        }
        guard !decoded.contains("\\"), !decoded.contains("\0") else { return .refused("the path has a backslash or NUL") }
        var segments = decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        let wantsFolder = segments.last == ""
        if wantsFolder { segments.removeLast() }
        for segment in segments {
            if segment.isEmpty { return .refused("the path has an empty segment") }
            if segment == "." || segment == ".." { return .refused("the path climbs out of the site") }
            if segment.hasPrefix(".") { return .notFound }
        }
        let realRoot = root.resolvingSymlinksInPath().standardizedFileURL
        var url = segments.reduce(realRoot) { $0.appendingPathComponent(String($1)) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .notFound }
        if isDirectory.boolValue {
            guard wantsFolder || segments.isEmpty else { return .redirect(String(path) + "/") }
            url = url.appendingPathComponent("index.html")
        }
        let real = url.resolvingSymlinksInPath().standardizedFileURL
        guard real.path.hasPrefix(realRoot.path + "/") else { return .refused("the file is a link that leads out of the site") }
        guard FileManager.default.fileExists(atPath: real.path, isDirectory: &isDirectory), !isDirectory.boolValue else { return .notFound }
        return .file(real)
    }

    /// The `Content-Type` for a file of the site.
    public static func contentType(of url: URL) -> String {
        switch url.pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "xml": "application/xml"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "txt", "md": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
