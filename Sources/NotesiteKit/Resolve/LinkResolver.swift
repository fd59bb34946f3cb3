import Foundation
import NotesiteMarkdown

/// Stage 4: decides where each link and image of a note points, and reports the ones that point nowhere.
public struct LinkResolver: Sendable {
    public let index: SiteIndex
    /// The pages and files the site makes of its own that a note may link to, by their path in the site, with the
    /// ids a fragment may name where they are known (the reference's entries); nil where any fragment is taken.
    public let sitePages: [String: Set<String>?]

    public init(index: SiteIndex, sitePages: [String: Set<String>?] = [:]) {
        self.index = index
        self.sitePages = sitePages
    }

    /// The pages `sitePages` holds for a site of `index`'s notes with the reference `data`: the home page, search
    /// and feed, each language's list and search where the language has notes, and the reference's pages, with
    /// their entries' ids, its index, the collapse table and `symbols.json`.
    public static func sitePages(index: SiteIndex, data: ReferenceData) -> [String: Set<String>?] {
        var pages: [String: Set<String>?] = ["index.html": nil, "search.html": nil, "feed.xml": nil]
        for language in index.languages {
            for (page, _) in PageRenderer.languagePages { pages["\(language.rawValue)/\(page).html"] = .some(nil) }
        }
        for page in TagIndex(index).pagePaths { pages[page] = .some(nil) }
        guard !data.isEmpty else { return pages }
        pages[ReferenceSite.indexPath] = .some(nil)
        pages[ReferenceSite.symbolsJSONPath] = .some(nil)
        if data.collapseTable != nil { pages[ReferenceSite.collapseTablePath] = .some(nil) }
        var entries: [String: Set<String>] = [:]
        for symbol in data.symbols.symbols { entries[ReferenceSite.pagePath(symbol.page), default: []].insert(symbol.id) }
        for (path, ids) in entries { pages[path] = ids }
        return pages
    }

    /// Where a link destination leads.
    public enum Target: Hashable, Sendable {
        /// A URL with a scheme (`https:`, `mailto:`) or a protocol-relative one: left as written.
        case external(String)
        /// `#fragment` on the same page.
        case samePage(fragment: String)
        /// Another note's `.md` file, with an optional fragment.
        case note(sourcePath: String, fragment: String?)
        /// A file under `notes/` that is copied to the output, such as an image.
        case asset(path: String, suffix: String)
        /// A page the site makes of its own (`sitePages`), such as a reference page, by its path in the site; the
        /// fragment, decoded, and the query and fragment as written.
        case sitePage(path: String, fragment: String?, suffix: String)
        case empty
        /// A relative path that leads to no note or file.
        case missing(path: String)
    }

    /// Resolves `destination` as written in the note at `notePath` (a source path such as `notes/en/a.md`).
    /// `page`: the note itself, parsed, whose headings a fragment may name by their text (`pageFragment`).
    public func target(of destination: String, from notePath: String, page: Note? = nil) -> Target {
        let trimmed = Self.trimmed(destination)
        if trimmed.isEmpty { return .empty }
        // `{{ site.baseurl }}/images/a.png`, `{% post_url 2016-01-01-a %}`: a path from the note's folder.
        if trimmed.utf8.first == UInt8(ascii: "{"), let path = TemplateSyntax.path(ofTemplatedAddress: trimmed), path.utf8.first != UInt8(ascii: "{") {
            return target(of: path, from: notePath, page: page)
        }
        if trimmed.hasPrefix("#") { return .samePage(fragment: pageFragment(decode(String(trimmed.dropFirst())), inNoteAt: notePath, page: page)) }
        if let url = Self.externalURL(destination) { return .external(url) }

        var pathPart = Substring(trimmed)
        var fragment: String?
        var suffix = ""
        // The `#` and `?` that end the path are found by their bytes, as a URL's parser finds them (a search by
        // `Character` also cost hundreds of instructions a character).
        if let hash = pathPart.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = decode(String(pathPart[pathPart.utf8.index(after: hash)...]))
            suffix = String(pathPart[hash...])
            pathPart = pathPart[..<hash]
        }
        if let query = pathPart.utf8.firstIndex(of: UInt8(ascii: "?")) {
            suffix = String(pathPart[query...])
            pathPart = pathPart[..<query]
        }
        let path = decode(String(pathPart))
        guard let resolved = Self.normalise(Self.siteRootRelative(path), relativeTo: Self.siteRootBase(path, notePath)) else {
            return .missing(path: path)
        }
        if resolved.hasSuffix(".md") {
            return index.position(ofSourcePath: resolved) != nil
                ? .note(sourcePath: resolved, fragment: fragment.map { pageFragment($0, inNoteAt: resolved, page: page) }) : .missing(path: path)
        }
        if resolved.hasPrefix("notes/"), index.assets.contains(String(resolved.dropFirst(6))) {
            return .asset(path: String(resolved.dropFirst(6)), suffix: suffix)
        }
        // The site's own pages stand where the notes' folders are: `../reference/x.html` from a note leads to the
        // reference on the site (not on GitHub or in an editor, where there is no such file).
        if resolved.hasPrefix("notes/"), sitePages.index(forKey: String(resolved.dropFirst(6))) != nil {
            return .sitePage(path: String(resolved.dropFirst(6)), fragment: fragment, suffix: suffix)
        }
        // A link to a folder (`split-view/`) leads to the folder's page, as GitHub shows the folder's README.
        if let folderPage = index.folderNote(resolved) {
            return .note(sourcePath: folderPage, fragment: fragment)
        }
        // `/dark-mode/`, `/issue-3/scroll-view.html`: the address a Jekyll or Hugo site gave a post, which ends in
        // the post's name, leads to the note of that name. Only an address that names no file (no extension, or a
        // closing slash) or a page (`.html`) the site does not have.
        let isPage = path.hasSuffix(".html")
        if path.hasPrefix("/"), path.hasSuffix("/") || isPage || !(path.split(separator: "/").last?.contains(".") ?? true),
           let named = index.note(namedByAddress: isPage ? String(path.dropLast(5)) : path, language: index.note(atSourcePath: notePath)?.language) {
            return .note(sourcePath: named, fragment: fragment.map { pageFragment($0, inNoteAt: named, page: page) })
        }
        return .missing(path: path)
    }

    /// A site-root path (`/images/x.png`) is how Jekyll and Hugo notes name their site's files. It is read from the
    /// note's language folder, where `notesite import` puts those files: these two give the path without its
    /// leading slashes, and a note path whose folder is that language folder. Any other path is left as it is.
    static func siteRootRelative(_ path: String) -> String {
        path.hasPrefix("/") ? String(path.drop { $0 == "/" }) : path
    }

    static func siteRootBase(_ path: String, _ notePath: String) -> String {
        guard path.hasPrefix("/") else { return notePath }
        let parts = notePath.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count == 3 ? "\(parts[0])/\(parts[1])/_" : notePath
    }

    /// Checks every link and image of `note`.
    public func diagnostics(for note: Note) -> [Diagnostic] {
        problems(in: note).map(\.diagnostic)
    }

    /// Every link and image of `note` that leads nowhere, with the destination as written.
    public func problems(in note: Note) -> [(destination: String, diagnostic: Diagnostic)] {
        var result: [(destination: String, diagnostic: Diagnostic)] = []
        func add(_ destination: String, _ diagnostic: Diagnostic) { result.append((destination, diagnostic)) }
        let file = note.source.displayPath
        for link in note.links {
            let destination = link.destination
            let at = link.location
            if !link.isImage {
                switch target(of: destination, from: note.source.path, page: note) {
                case .empty:
                    // `[Strategy]()`: a table of contents whose addresses were to come. (Swift's `[Photo]()` is text
                    // by now: `TreePass`.)
                    add(destination, Diagnostic(LinkRule.empty, file: file, at: at,
                                                "the link has no address, so the page shows its text without a link; write the address in the parentheses, or remove the link"))
                case .missing(let path):
                    add(destination, templateMissing(destination, path: path, in: note, link: link)
                        ?? unresolved(destination, path: path, in: note, file: file, link: link))
                case .samePage(let fragment) where !Self.hasAnchor(fragment, in: note):
                    add(destination, anchorMissing(fragment, of: link, in: note, writtenIn: note))
                case .samePage(let fragment):
                    if let found = anchorByText(fragment, of: link, in: note, file: file) { add(destination, found) }
                case .note(let path, let fragment?) where !Self.hasAnchor(fragment, in: index.note(atSourcePath: path)!):
                    let target = index.note(atSourcePath: path)!
                    add(destination, anchorNamedByText(fragment, of: link, in: target, file: file) ?? anchorMissing(fragment, of: link, in: target, writtenIn: note))
                case .note(let path, let fragment?):
                    if let found = anchorByText(fragment, of: link, in: index.note(atSourcePath: path)!, file: file) { add(destination, found) }
                case .sitePage(let path, let fragment?, _):
                    guard case let ids?? = sitePages[path], !ids.contains(fragment), !NoteParser.isTopOfPage(fragment) else { break }
                    var message = "'#\(fragment)' is not an entry of the reference page '\(path)'"
                    if let near = NearMiss.best(for: fragment, in: Array(ids)) {
                        message += "; did you mean '#\(near)'?"
                    } else {
                        message += "; its entries are \(ids.sorted().prefix(6).map { "#\($0)" }.joined(separator: ", "))\(ids.count > 6 ? ", …" : "")"
                    }
                    add(destination, Diagnostic(LinkRule.anchorMissing, file: file, at: at, message))
                default: break
                }
            } else {
                let source = destination
                switch target(of: source, from: note.source.path) {
                case .empty:
                    add(source, Diagnostic(ImageRule.empty, file: file, at: at,
                                             "the image has no address; put the image file beside the note and write its name in the parentheses, or remove the image"))
                case .external(let url):
                    if let raw = Self.rawGitHubURL(forBlob: url) {
                        let place = link.destinationLocation ?? at
                        // Only where the address was found as written (raw HTML may spell it with references).
                        let fixIts = link.destinationLocation.map { [Diagnostic.FixIt(at: $0, replacing: url, with: raw)] } ?? []
                        add(source, Diagnostic(ImageRule.githubBlob, file: file, at: place,
                                               "the image points to a GitHub page that shows the file, not to the image itself; use the raw file's address",
                                               fixIts: fixIts))
                    }
                case .missing(let path) where Self.isTemplated(source):
                    add(source, templateMissing(source, path: path, in: note, link: link)!)
                case .missing(let path):
                    add(source, Diagnostic(ImageRule.missing, file: file, at: at,
                                             "the \(Self.isVideoOrAudio(path) ? "video or audio file" : "image") '\(path)' is not in the content folder; add the file or correct the path"))
                default: break
                }
            }
        }
        return result
    }

    /// `link.unresolved` for a link to `path`; a link to the page a note is made into (`b.html`) works on the
    /// site, but not on GitHub or in an editor: it is told to link the note's file (`b.md`), with the fix-it.
    private func unresolved(_ destination: String, path: String, in note: Note, file: String, link: Note.Link) -> Diagnostic {
        let trimmed = Self.trimmed(destination)
        /// The finding at the address, with the fix-it that writes `replacement` there where the address was found
        /// as written.
        func replacing(with replacement: String, _ message: String) -> Diagnostic {
            let place = link.destinationLocation ?? link.location
            let fixIts = link.destinationLocation != nil && trimmed == destination
                ? [Diagnostic.FixIt(at: place, replacing: destination, with: replacement)] : []
            return Diagnostic(LinkRule.unresolved, file: file, at: place, message, fixIts: fixIts)
        }
        let end = trimmed.firstIndex { $0 == "#" || $0 == "?" } ?? trimmed.endIndex
        if trimmed[..<end].hasSuffix(".html") {
            let noteFile = String(trimmed[..<end].dropLast(5)) + ".md" + trimmed[end...]
            if case .note = target(of: noteFile, from: note.source.path) {
                return replacing(with: noteFile, "the link points to '\(path)', the page the site makes of a note; link the note's own file, '\(noteFile)', which works on the site, on GitHub and in editors")
            }
        }
        if let (kind, address) = Self.addressWithoutScheme(trimmed) {
            return replacing(with: address, "the link points to '\(path)', which is not a note or file of this site but reads as \(kind); write it as '\(address)'")
        }
        return Diagnostic(LinkRule.unresolved, file: file, at: link.location,
                          "the link points to '\(path)', which is not a note or file of this site; correct the path (relative to this note) or remove the link")
    }

    /// An e-mail address (`mike@example.com`) or a web address without its scheme (`www.example.com/a`,
    /// `example.com`), which a page would read as a file beside it: what it reads as, and the address with the scheme
    /// it needs. nil for anything else.
    static func addressWithoutScheme(_ destination: String) -> (kind: String, address: String)? {
        // Most links have a scheme, or are a file's path with no `@` or `.com`: the parse asks of every link.
        guard !destination.utf8.contains(UInt8(ascii: ":")), !destination.utf8.contains(UInt8(ascii: " ")),
              destination.utf8.first != UInt8(ascii: "."), destination.utf8.first != UInt8(ascii: "/") else { return nil }
        let host = destination.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = host.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count == 2, !parts[0].isEmpty, !destination.contains("/"), Self.isDomain(parts[1]) {
            return ("an e-mail address", "mailto:" + destination)
        }
        guard parts.count == 1, host.hasPrefix("www.") || Self.isDomain(host) && webDomainEnds.contains(String(host.split(separator: ".").last!).lowercased()) else {
            return nil
        }
        return ("a web address", "https://" + destination)
    }

    /// Whether `host` is names of letters, digits and hyphens set apart by dots, the last of letters only.
    private static func isDomain(_ host: Substring) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, last.count >= 2, last.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return labels.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } }
    }

    /// The ends of web addresses that no note's file has (`.com`, not `.md` or `.png`): a link to `example.com` is a
    /// web address.
    private static let webDomainEnds: Set<String> = ["com", "org", "net", "io", "dev", "app", "cn", "ru", "co", "me", "edu", "gov", "info"]

    /// The source paths of the notes `note` links to (`notes/en/a.md`), whether or not they exist: when one of them
    /// changes, this note's links are checked again.
    public func linkedNotePaths(in note: Note) -> Set<String> {
        var paths: Set<String> = []
        for link in note.links where !link.isImage {
            let destination = link.destination
            guard !destination.hasPrefix("#"), !Self.hasScheme(destination) else { continue }
            var path = Substring(TemplateSyntax.path(ofTemplatedAddress: destination) ?? destination)
            if let cut = path.utf8.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) { path = path[..<cut] }
            if let resolved = Self.normalise(decode(String(path)), relativeTo: note.source.path) {
                paths.insert(resolved)
                // A link to a note's page is reported with the note's file when there is one.
                if resolved.hasSuffix(".html") { paths.insert(String(resolved.dropLast(5)) + ".md") }
                // A link to a folder leads to its README.md or index.md, when one comes.
                for name in Self.folderPageNames { paths.insert(resolved + "/" + name) }
            }
            // A post's old address (`/dark-mode/`) leads to whichever note has that name, in any folder.
            if path.hasPrefix("/"), let last = path.split(separator: "/").last, path.hasSuffix("/") || !last.contains(".") {
                paths.insert(Self.addressTarget(NotePlace.pageName(String(last)).lowercased()))
            }
        }
        return paths
    }

    /// What `linkedNotePaths` holds for a link to a post's old address that ends in `name`: no path, since a note
    /// of that name may come in any folder (`addressTargets(ofSourcePath:)` gives a note's).
    static func addressTarget(_ name: String) -> String { "address:" + name }

    /// The `addressTarget`s that lead to the note at `path`, whether it is there or not.
    public static func addressTargets(ofSourcePath path: String) -> [String] {
        guard path.hasSuffix(".md"), let file = path.split(separator: "/").last else { return [] }
        // The last part of the note's slug, as `NotePlace` makes it: the folder's name for its page, else the file's
        // without a Jekyll date.
        let name = NotePlace.folder(ofFolderPage: path).flatMap { $0.split(separator: "/").last.map(String.init) }
            ?? NotePlace.withoutDate(String(file.dropLast(3)))
        return SiteIndex.addressNames(ofSlug: NotePlace.pageName(name)).map(addressTarget)
    }

    /// The file names of a folder's page that `linkedNotePaths` watches for a link to the folder.
    private static let folderPageNames = ["README.md", "readme.md", "Readme.md", "index.md"]

    /// The destination without the spaces around it.
    private static func trimmed(_ destination: String) -> String {
        destination.utf8.first == UInt8(ascii: " ") || destination.utf8.last == UInt8(ascii: " ")
            ? destination.trimmingCharacters(in: .whitespaces) : destination
    }

    /// The URL a destination names when it leads off the site (a scheme, or `//`), as the link keeps it.
    static func externalURL(_ destination: String) -> String? {
        let trimmed = Self.trimmed(destination)
        return trimmed.hasPrefix("//") || hasScheme(trimmed) ? trimmed : nil
    }

    /// Whether `path` names a video or a sound, as raw HTML's `<video>` and `<audio>` show them, by its extension.
    static func isVideoOrAudio(_ path: String) -> Bool {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return ["mov", "mp4", "m4v", "webm", "ogv", "mp3", "m4a", "aac", "wav", "ogg", "oga", "flac"].contains(ext)
    }

    /// `https://github.com/o/r/blob/ref/path` → `https://raw.githubusercontent.com/o/r/ref/path`.
    ///
    /// Read on the address's bytes: a large site has tens of thousands of these images, and splitting each
    /// address into `Character`s would cost more than the rest of the link checks.
    static func rawGitHubURL(forBlob url: String) -> String? {
        for prefix in ["https://github.com/", "http://github.com/", "https://www.github.com/"] where url.utf8.starts(with: prefix.utf8) {
            let utf8 = url.utf8
            // owner / repository / "blob" / ref / path: where each of the first four parts ends.
            var ends: [String.Index] = []
            var i = utf8.index(utf8.startIndex, offsetBy: prefix.utf8.count)
            let start = i
            while i != utf8.endIndex, ends.count < 4 {
                if utf8[i] == UInt8(ascii: "/") { ends.append(i) }
                i = utf8.index(after: i)
            }
            guard ends.count == 4, url[utf8.index(after: ends[1])..<ends[2]] == "blob" else { return nil }
            // The ref and path run to the end, or to a query or fragment.
            let ref = utf8.index(after: ends[2])
            let end = url[ref...].utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? url.endIndex
            return "https://raw.githubusercontent.com/" + url[start..<ends[1]] + "/" + url[ref..<end]
        }
        return nil
    }

    /// Whether `destination` is a relative link to an `.html` file, which may be the page of a note.
    /// Whether a finding on a link to `destination` may come with a fix-it that replaces it (`mayBeAPage`,
    /// `addressWithoutScheme`): the parse then finds where the address is written.
    static func mayGetAFixIt(_ destination: String) -> Bool {
        mayBeAPage(destination) || addressWithoutScheme(destination) != nil
    }

    static func mayBeAPage(_ destination: String) -> Bool {
        guard externalURL(destination) == nil, !hasScheme(destination) else { return false }
        let end = destination.utf8.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? destination.endIndex
        return destination.utf8[..<end].reversed().starts(with: "lmth.".utf8)
    }

    /// Where `text` first stands on `start`'s line at or after it, or `start` when it cannot be found.
    static func location(of text: String, in lines: LineTable, after start: SourceLocation) -> SourceLocation {
        find(text, in: lines, after: start) ?? start
    }

    /// Where `text` first stands on `start`'s line at or after it; nil when it is not there.
    static func find(_ text: String, in lines: LineTable, after start: SourceLocation) -> SourceLocation? {
        guard let line = lines.line(start.line).map(Array.init) else { return nil }
        let needle = Array(text.utf8)
        var i = max(0, start.column - 1)
        while i + needle.count <= line.count {
            if line[i..<(i + needle.count)].elementsEqual(needle) { return SourceLocation(line: start.line, column: i + 1) }
            i += 1
        }
        return nil
    }

    /// `link.anchor-missing` for `link`, written in `note`, whose fragment is no place on `target`'s page. A fragment
    /// that spells a heading's id with its words joined otherwise (`#shutterspeed`, `#dead_locks` for
    /// `#shutter-speed`, `#dead-locks`, as the generator an imported note was written for made its ids) gets the
    /// fix-it to the id.
    private func anchorMissing(_ fragment: String, of link: Note.Link, in target: Note, writtenIn note: Note) -> Diagnostic {
        var message = "'#\(fragment)' is not a heading of \(target.source.path == "" ? "the page" : "'\(target.metadata.title)'")"
        let ids = target.headings.map(\.id)
        var fixIts: [Diagnostic.FixIt] = []
        let sameWords = ids.filter { Self.joinedWords($0) == Self.joinedWords(fragment) }
        if sameWords.count == 1, let id = sameWords.first {
            message += "; did you mean '#\(id)'?"
            if let (place, written) = Self.fragmentPlace(of: link) {
                fixIts = [Diagnostic.FixIt(at: place, replacing: "#" + written, with: "#" + id)]
            }
        } else if let near = NearMiss.best(for: fragment, in: ids) {
            message += "; did you mean '#\(near)'?"
        } else if !ids.isEmpty {
            // Each id cut to 60 characters: a heading of a thousand words made a message of tens of thousands.
            let shown = ids.prefix(6).map { $0.count > 60 ? "#\($0.prefix(60))…" : "#\($0)" }
            message += "; its headings are \(shown.joined(separator: ", "))\(ids.count > 6 ? ", …" : "")"
        }
        return Diagnostic(LinkRule.anchorMissing, file: note.source.displayPath, at: link.location, message, fixIts: fixIts)
    }

    /// An id's letters and digits, in lower case: the words of a heading however a generator joins them.
    private static func joinedWords(_ id: String) -> String {
        String(id.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" })
    }

    func decode(_ s: String) -> String {
        Self.percentDecoded(s[...])
    }

    /// `s` with its `%XX` escapes decoded, as `removingPercentEncoding` does; `s` itself when it has none, when an
    /// escape is cut short or not hexadecimal, or when the decoded bytes are not UTF-8.
    static func percentDecoded(_ s: Substring) -> String {
        let utf8 = s.utf8
        guard s.containsASCII("%") else { return String(s) }
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let byte = utf8[i]
            i = utf8.index(after: i)
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard i != utf8.endIndex, let high = hexValue(utf8[i]) else { return String(s) }
            let next = utf8.index(after: i)
            guard next != utf8.endIndex, let low = hexValue(utf8[next]) else { return String(s) }
            bytes.append(high << 4 | low)
            i = utf8.index(after: next)
        }
        return String(validating: bytes, as: UTF8.self) ?? String(s)
    }

    /// Whether `s` starts with a URL scheme (`https:`, `mailto:`): an ASCII letter, then letters, digits, `+`,
    /// `-` or `.`, then a colon.
    static func hasScheme(_ s: String) -> Bool {
        var first = true
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: ":"): return !first
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): break
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                if first { return false }
            default: return false
            }
            first = false
        }
        return false
    }

    /// Joins a relative `path` to the folder of `notePath` and removes `.` and `..`; nil when it climbs above the
    /// content folder or is absolute.
    static func normalise(_ path: String, relativeTo notePath: String) -> String? {
        var path = path, notePath = notePath
        return notePath.withUTF8 { base in
            path.withUTF8 { relative -> String? in
                let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
                guard relative.first != slash else { return nil }
                // The joined path's bytes, and where each of its components starts (at its separating slash).
                var out: [UInt8] = []
                out.reserveCapacity(base.count + relative.count)
                var starts: [Int] = []
                func push(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
                    starts.append(out.count)
                    if starts.count > 1 { out.append(slash) }
                    out.append(contentsOf: bytes[range])
                }
                // The note's folder: every component but the last, taken as written.
                for range in RelativeURL.components(of: base).dropLast() { push(base, range) }
                for range in RelativeURL.components(of: relative) {
                    switch range.count {
                    case 1 where relative[range.lowerBound] == dot: continue
                    case 2 where relative[range.lowerBound] == dot && relative[range.lowerBound + 1] == dot:
                        guard let start = starts.popLast() else { return nil }
                        out.removeSubrange(start...)
                    default:
                        push(relative, range)
                    }
                }
                return String(decoding: out, as: UTF8.self)
            }
        }
    }
}
