import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NotesiteMarkdown

/// Checks `http(s)` links: HEAD, then GET where a server refuses HEAD; redirects followed; a timeout; at most a few
/// requests to one host at a time; and a cache file, so a second run asks only about links it has not seen
/// answer recently. Off by default: `check` stays offline and deterministic unless asked.
public struct ExternalLinkChecker: Sendable {
    public struct Options: Sendable {
        public var timeout: TimeInterval = 10
        /// Requests in flight to one host.
        public var perHost = 2
        /// Hosts checked at once.
        public var hosts = 8
        public var cacheFile: URL?
        /// How long a good answer is trusted.
        public var cacheLifetime: TimeInterval = 24 * 60 * 60

        public init(cacheFile: URL? = nil) {
            self.cacheFile = cacheFile
        }
    }

    /// A place where a note links out.
    public struct Link: Sendable {
        public var url: String
        public var file: String
        public var location: SourceLocation
    }

    /// What the server said about one URL.
    public enum Outcome: Sendable, Equatable {
        case ok
        case status(Int)
        case failed(String)
    }

    public let options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Every external link of the notes, in order.
    public static func links(in notes: [Note]) -> [Link] {
        var result: [Link] = []
        for note in notes {
            for link in note.links where link.destination.hasPrefix("http://") || link.destination.hasPrefix("https://") {
                result.append(Link(url: link.destination, file: note.source.displayPath, location: link.location))
            }
        }
        return result
    }

    /// Checks `links` and returns a warning for each that does not answer with success, and how many requests went
    /// out (the cache's answers need none).
    public func check(_ links: [Link]) async -> (diagnostics: [Diagnostic], requests: Int) {
        var cache = LinkCache.load(options.cacheFile)
        let now = Date()
        let unique = Array(Set(links.map(\.url))).sorted()
        let toAsk = unique.filter { !cache.isFresh($0, now: now, lifetime: options.cacheLifetime) }
        let byHost = Dictionary(grouping: toAsk) { URL(string: $0)?.host ?? "" }
        // One session for the whole run, so connections to a host are reused.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let outcomes = await withTaskGroup(of: [(String, Outcome)].self) { group in
            var results: [String: Outcome] = [:]
            var pending = byHost.sorted { $0.key < $1.key }.makeIterator()
            func startNext() -> Bool {
                guard let (_, urls) = pending.next() else { return false }
                group.addTask { await self.checkHost(urls, session: session) }
                return true
            }
            for _ in 0..<max(1, options.hosts) where !startNext() { break }
            while let finished = await group.next() {
                for (url, outcome) in finished { results[url] = outcome }
                _ = startNext()
            }
            return results
        }
        for (url, outcome) in outcomes { cache.record(url, ok: outcome == .ok, at: now) }
        cache.save(options.cacheFile)

        var diagnostics: [Diagnostic] = []
        for link in links {
            guard let outcome = outcomes[link.url], outcome != .ok else { continue }
            let what: String
            switch outcome {
            case .status(let code): what = "answers HTTP \(code)"
            case .failed(let reason): what = "cannot be reached (\(reason))"
            case .ok: continue
            }
            diagnostics.append(Diagnostic(LinkRule.externalBroken, file: link.file, at: link.location,
                                          "the link '\(link.url)' \(what); update it or link to an archived copy"))
        }
        return (diagnostics, toAsk.count)
    }

    /// One host's URLs, at most `perHost` at a time.
    private func checkHost(_ urls: [String], session: URLSession) async -> [(String, Outcome)] {
        await withTaskGroup(of: (String, Outcome).self) { group in
            var results: [(String, Outcome)] = []
            var pending = urls.makeIterator()
            for _ in 0..<max(1, options.perHost) {
                guard let url = pending.next() else { break }
                group.addTask { (url, await self.outcome(of: url, session: session)) }
            }
            while let result = await group.next() {
                results.append(result)
                if let url = pending.next() { group.addTask { (url, await self.outcome(of: url, session: session)) } }
            }
            return results
        }
    }

    func outcome(of address: String, session: URLSession) async -> Outcome {
        guard let url = URL(string: address) else { return .failed("not a valid URL") }
        let head = await request(url, method: "HEAD", session: session)
        switch head {
        case .ok: return .ok
        // Some servers refuse or mishandle HEAD; ask for the page itself before calling the link broken.
        case .status(let code) where [400, 403, 405, 406, 501].contains(code): return await request(url, method: "GET", session: session)
        case .failed(let reason) where !reason.hasPrefix("timed out"): return await request(url, method: "GET", session: session)
        default: return head
        }
    }

    /// Foundation on Linux treats a timeout under a second as none at all: whole seconds only.
    private var timeout: TimeInterval { max(1, options.timeout.rounded(.up)) }

    private func request(_ url: URL, method: String, session: URLSession) async -> Outcome {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("notesite link checker", forHTTPHeaderField: "User-Agent")
        do {
            let (_, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else { return .failed("no HTTP response") }
            return (200..<400).contains(http.statusCode) ? .ok : .status(http.statusCode)
        } catch {
            let reason = (error as? URLError)?.code == .timedOut ? "timed out after \(Int(timeout)) s" : error.localizedDescription
            return .failed(reason)
        }
    }
}

/// The answers of earlier runs: URL → when it last answered with success. Failures are not kept, so they are
/// asked again next time.
struct LinkCache {
    private var checked: [String: Double] = [:]

    static func load(_ file: URL?) -> LinkCache {
        var cache = LinkCache()
        if let file, let data = try? Data(contentsOf: file),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let entries = object["ok"] as? [String: Double] {
            cache.checked = entries
        }
        return cache
    }

    func isFresh(_ url: String, now: Date, lifetime: TimeInterval) -> Bool {
        guard let time = checked[url] else { return false }
        return now.timeIntervalSince1970 - time < lifetime
    }

    mutating func record(_ url: String, ok: Bool, at date: Date) {
        checked[url] = ok ? date.timeIntervalSince1970 : nil
    }

    func save(_ file: URL?) {
        guard let file else { return }
        let object: [String: Any] = ["version": 1, "ok": checked]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted]) else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file)
    }
}
