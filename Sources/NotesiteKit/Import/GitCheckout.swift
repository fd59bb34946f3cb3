import Foundation

/// What git knows about a folder being imported, when the folder is inside a git checkout: where the repository
/// is published, the commit checked out, and the day each file was first committed.
struct GitCheckout: Sendable, Equatable {
    /// The `origin` remote as a web address (`https://github.com/o/r`); nil without one, or when it is not on the
    /// web (a path on this machine).
    var url: String?
    /// The commit checked out (HEAD); nil in a repository without commits.
    var commit: String?
    /// The author date of the commit that added each file, by its path inside the imported folder.
    var added: [String: NoteDate]

    /// The checkout that holds `folder`; nil when none does, or git is not installed.
    static func find(holding folder: URL) -> GitCheckout? {
        guard let prefixOutput = git(["rev-parse", "--show-prefix"], in: folder) else { return nil }
        let prefix = prefixOutput.trimmingCharacters(in: .newlines)
        // The address as configured: `remote get-url` would apply the user's `insteadOf` rewrites (a mirror on
        // this machine), which are not where the repository is published.
        let remote = git(["config", "--get", "remote.origin.url"], in: folder)?.trimmingCharacters(in: .whitespacesAndNewlines)
        let commit = git(["rev-parse", "--verify", "-q", "HEAD"], in: folder)?.trimmingCharacters(in: .whitespacesAndNewlines)
        // One log for the whole folder: each commit's date (after a NUL, which no path starts with), then the
        // files it added, newest commit first, so a file's last entry is its first commit.
        let log = git(["-c", "core.quotePath=false", "-c", "log.showSignature=false", "log", "--diff-filter=A", "--format=%x00%aI", "--name-only", "--", "."], in: folder) ?? ""
        return GitCheckout(url: remote.flatMap(webAddress(ofRemote:)), commit: commit?.isEmpty == false ? commit : nil,
                           added: firstAdded(log: log, prefix: prefix))
    }

    /// The day each file was added, from `git log --diff-filter=A --format=%x00%aI --name-only` output, by its path
    /// with `prefix` (the folder's path in the repository) taken off.
    static func firstAdded(log: String, prefix: String) -> [String: NoteDate] {
        var added: [String: NoteDate] = [:]
        var date: NoteDate?
        for line in log.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("\u{0}") {
                // The author's own day, as the date's first ten characters give it in the author's time zone.
                date = NoteDate(parsing: String(line.dropFirst().prefix(10)))
            } else if let date, line.hasPrefix(prefix) {
                added[String(line.dropFirst(prefix.count))] = date
            }
        }
        return added
    }

    /// A remote's web address: `git@github.com:o/r.git` and `ssh://git@github.com/o/r.git` become
    /// `https://github.com/o/r`; an `https` address loses `.git` and any user name or token in it. nil for a
    /// remote that is not on the web (a path, `file://`).
    static func webAddress(ofRemote remote: String) -> String? {
        var host: Substring
        var path: Substring
        var web = "https"
        if let scheme = remote.range(of: "://") {
            let kind = remote[..<scheme.lowerBound].lowercased()
            guard ["https", "http", "ssh", "git", "git+ssh", "ssh+git"].contains(kind) else { return nil }
            let rest = remote[scheme.upperBound...]
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            host = rest[..<slash]
            path = rest[slash...].drop { $0 == "/" }
            if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
            // An ssh port is not the web server's.
            if kind != "https" && kind != "http", let colon = host.firstIndex(of: ":") { host = host[..<colon] }
            if kind == "http" { web = "http" }
        } else if let colon = remote.firstIndex(of: ":"), !remote[..<colon].contains("/") {
            // scp-like: `user@host:path`.
            host = remote[..<colon]
            if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
            path = remote[remote.index(after: colon)...].drop { $0 == "/" }
        } else {
            return nil
        }
        if path.hasSuffix("/") { path = path.dropLast() }
        if path.hasSuffix(".git") { path = path.dropLast(4) }
        // A web server's name has a dot; `C:/repos/r` is a Windows path, not the host `C`.
        guard host.contains("."), !path.isEmpty, !host.contains(where: \.isWhitespace), !path.contains(where: \.isWhitespace) else { return nil }
        return "\(web)://\(host)/\(path)"
    }

    /// Runs git in `folder`; its standard output when it succeeds, nil otherwise (no git, not a checkout).
    static func git(_ arguments: [String], in folder: URL) -> String? {
        guard let executable = executable() else { return nil }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-C", folder.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// `git` on the search path.
    private static func executable() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/git"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }
}
