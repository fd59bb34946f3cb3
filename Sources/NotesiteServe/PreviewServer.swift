import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import Logging
import NIOCore
import NotesiteKit
import ServiceLifecycle

/// `notesite serve`: builds the site, serves the output folder on a local address, watches the content and
/// templates, rebuilds what an edit reaches, and tells open pages to reload.
///
/// While a rebuild fails, the last good site stays on disk and keeps being served; open pages show the
/// diagnostics on an error page and come back by themselves once the note is fixed.
///
/// Serve owns its output folder: one deleted or emptied while serving gets the whole site again, at the next
/// change or the first page asked for, never a site of one edit's files.
public struct PreviewServer: Sendable {
    public struct Configuration: Sendable {
        public var options: SiteOptions
        public var host = "127.0.0.1"
        /// 0 picks a free port.
        public var port = 8000
        /// How changes are noticed: inotify where the system has it, else polling.
        public var watch = WatchMethod.automatic
        /// How often the folders are looked at for changes when polling.
        public var pollInterval: Duration = .milliseconds(150)
        /// How long after a change the rebuild starts.
        public var debounce = Debounce()
        /// Hears why serve polls when it could not watch (once): standard error by default.
        public var notice: @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        /// Stop on Ctrl-C (SIGINT) and SIGTERM; tests stop the server by cancelling its task instead.
        public var handlesSignals = true

        public init(options: SiteOptions) {
            self.options = options
        }
    }

    /// What a build did, for the terminal: the first build, or a rebuild after `changes`.
    public struct BuildEvent: Sendable {
        public var report: SiteReport?
        /// Set when the build could not run at all (a template that does not parse, a missing folder): what the
        /// terminal and the page show (`NotesiteError.printed`).
        public var error: String?
        public var changes: SiteChanges?
        public var succeeded: Bool { error == nil && report?.succeeded == true }
    }

    public let configuration: Configuration
    public let live = LiveReload()
    let site: PreviewSite

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.site = PreviewSite(options: configuration.options)
    }

    /// Builds, then serves until stopped. `onBuild` sees every build; `onReady` gets the port once it listens.
    /// Why the server could not listen on `port` of `host` now (in use, or not allowed), or nil: asked before the
    /// first build, so that a port that is taken is reported at once, not after the site has been built. Port 0
    /// (any free port) always can.
    public static func listenProblem(host: String, port: Int) -> String? {
        guard port != 0,
              let address = try? SocketAddress(ipAddress: host == "localhost" ? "127.0.0.1" : host, port: port)
        else { return nil }
        let descriptor = socket(address.protocol == .inet6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // As the server binds: a port left in TIME_WAIT by the last run is free.
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard address.withSockAddr({ bind(descriptor, $0, socklen_t($1)) }) != 0 else { return nil }
        switch errno {
        case EADDRINUSE: return inUse(host: host, port: port)
        case EACCES: return "port \(port) needs more privileges than this user has; pass a port above 1023, such as --port 8000"
        case EADDRNOTAVAIL: return "\(host) is not an address of this machine; pass --host 127.0.0.1, or an address this machine has"
        default: return nil
        }
    }

    /// What to say of a port another program holds, here or when the server's own bind finds it taken after all.
    public static func inUse(host: String, port: Int) -> String {
        "port \(port) on \(host) is in use; stop the other server or pass --port \(port == 8000 ? 8001 : 0)"
    }

    public func run(onBuild: @escaping @Sendable (BuildEvent) -> Void,
                    onReady: @escaping @Sendable (Int) -> Void) async throws {
        // Watching starts before the folders are looked at and the first build reads them, so that nothing saved
        // meanwhile is missed.
        let options = configuration.options
        let inbox = ChangeInbox()
        let watcher = makeFolderWatcher(configuration.watch, options: options, interval: configuration.pollInterval,
                                        notice: configuration.notice)
        watcher.start { inbox.add($0) }
        defer { watcher.stop() }
        let baseline = FolderSnapshot(options: options)
        let first = await site.build(nil)
        onBuild(first)
        await live.built(first)

        var logger = Logger(label: "notesite.serve")
        logger.logLevel = .critical
        let responder = PreviewResponder(root: configuration.options.output, live: live, builds: site.builds,
                                         rebuild: { inbox.add(.everything) })
        let port = configuration.port
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname(configuration.host, port: port), serverName: nil),
            onServerRunning: { channel in onReady(channel.localAddress?.port ?? port) },
            logger: logger
        )
        let rebuilds = SiteWatcher(options: options, watcher: watcher, inbox: inbox, baseline: baseline,
                                   debounce: configuration.debounce, site: site, live: live, onBuild: onBuild)
        // Services stop in reverse order: the watcher first (ending the event streams), then the server.
        let group = ServiceGroup(configuration: .init(
            services: [app, rebuilds],
            gracefulShutdownSignals: configuration.handlesSignals ? [.sigint, .sigterm] : [],
            logger: logger))
        try await group.run()
    }
}

/// The site's builder, one build at a time, off the cooperative threads (a build uses every core itself).
actor PreviewSite {
    /// The builder is only touched by this actor, one call at a time.
    private final class Box: @unchecked Sendable {
        let builder: IncrementalBuild
        init(_ builder: IncrementalBuild) { self.builder = builder }
    }

    private let box: Box
    /// Whether a build is writing the output folder; the server asks it before answering 404.
    nonisolated let builds = BuildGate()

    init(options: SiteOptions) {
        box = Box(IncrementalBuild(options: options))
    }

    /// Set when a build stopped before it read the changes (a template that does not parse): the next build
    /// reads everything, so no edit made meanwhile is lost.
    private var readEverythingNext = false

    func build(_ changes: SiteChanges?) async -> PreviewServer.BuildEvent {
        let box = self.box
        let asked = readEverythingNext ? nil : changes
        builds.started()
        let event = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    let report = try box.builder.run(changes: asked)
                    continuation.resume(returning: PreviewServer.BuildEvent(report: report, changes: changes))
                } catch {
                    let printed = (error as? NotesiteError)?.printed() ?? "notesite: error: \(error)"
                    continuation.resume(returning: PreviewServer.BuildEvent(error: printed, changes: changes))
                }
            }
        }
        builds.ended()
        readEverythingNext = event.error != nil
        return event
    }
}

/// Counts the builds writing the output folder, and lets a request wait until none is.
///
/// A complete rebuild moves the old site out of the output folder and the new one in, one top-level entry at a
/// time, so for a moment a page that exists before and after is missing; a request that finds nothing while a
/// build runs waits for it to end and looks again. Requests read it without waiting for an actor.
final class BuildGate: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    private var finished = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Whether a build runs now, and how many have ended: a request that found nothing compares this with the
    /// mark it took before looking, to know whether a build may have been writing meanwhile.
    var mark: (running: Bool, finished: Int) {
        lock.withLock { (running > 0, finished) }
    }

    func started() {
        lock.withLock { running += 1 }
    }

    func ended() {
        let done: [CheckedContinuation<Void, Never>] = lock.withLock {
            running -= 1
            finished += 1
            guard running == 0 else { return [] }
            defer { waiting = [] }
            return waiting
        }
        for continuation in done { continuation.resume() }
    }

    /// Returns once no build is running (at once when none is).
    func settled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                guard running > 0 else { return true }
                waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}

extension LiveReload {
    func built(_ event: PreviewServer.BuildEvent) {
        if let error = event.error {
            built(failure: [error])
        } else if let report = event.report {
            var printer = DiagnosticPrinter()
            // Notes whose pages show their own errors do not make the whole site an error page.
            let served = report.succeeded || !report.notesShowingErrors.isEmpty
            built(failure: served ? nil : report.diagnostics.filter { $0.severity == .error }.map { printer.format($0) })
        }
    }
}

/// Answers requests: the site's files (with the live-reload script put into pages), the event stream, the
/// script and the error page.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    static let prefix = "/__notesite/"

    let root: URL
    let live: LiveReload
    let builds: BuildGate
    /// Asks the rebuild loop for a build, changes or not: a request found the output folder deleted or emptied.
    var rebuild: @Sendable () -> Void = {}

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return text("only GET and HEAD are served\n", status: .methodNotAllowed)
        }
        let target = request.head.path ?? "/"
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        switch path {
        case Self.prefix + "events": return await events()
        case Self.prefix + "live.js":
            return Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(string: LiveReload.script)))
        case Self.prefix + "errors": return await errorPage()
        default: break
        }
        switch await lookUp(target) {
        case (.file(let url), let data?):
            return await file(url, data, status: .ok)
        case (.redirect(let location), _):
            return Response(status: .movedPermanently, headers: [.location: location])
        case (.file, nil), (.notFound, _):
            let notFound = root.appendingPathComponent("404.html")
            if let data = FileManager.default.contents(atPath: notFound.path) { return await file(notFound, data, status: .notFound) }
            // No site yet, because the first build failed: what is wrong, rather than a bare 404.
            if await live.failure != nil { return await errorPage() }
            return text("not found\n", status: .notFound)
        case (.refused(let reason), _):
            return text("refused: \(reason)\n", status: .forbidden)
        }
    }

    /// What `target` resolves to, with the file's bytes. When nothing is found while a build runs (a complete
    /// rebuild may be moving the new site in at this moment), it waits for the build to end and looks again.
    private func lookUp(_ target: String) async -> (SafePath.Resolution, Data?) {
        func look() -> (SafePath.Resolution, Data?) {
            let resolution = SafePath.resolve(target, in: root)
            guard case .file(let url) = resolution else { return (resolution, nil) }
            return (resolution, FileManager.default.contents(atPath: url.path))
        }
        let before = builds.mark
        let first = look()
        switch first {
        case (.notFound, _), (.file, nil):
            let after = builds.mark
            if before.running || after.running || after.finished != before.finished {
                await builds.settled()
                let again = look()
                guard case (.file, _?) = again else { return await restored(again, look: look) }
                return again
            }
            return await restored(first, look: look)
        default:
            return first
        }
    }

    /// What `target` resolves to once the site is back, when the output folder no longer holds the site that was
    /// built (deleted or emptied while serving); else `found`, what the request found. The watcher does not watch
    /// the output folder, so the first page asked for is what notices: it asks the rebuild loop for a build (which
    /// builds the whole site again when it finds the folder so) and waits for it, up to `restoreWait`. After a
    /// failed build nothing is asked: there is no site to restore, and the pages show the error page.
    private func restored(_ found: (SafePath.Resolution, Data?),
                          look: () -> (SafePath.Resolution, Data?)) async -> (SafePath.Resolution, Data?) {
        guard OutputLoss.of(output: root) != nil, await live.failure == nil else { return found }
        let mark = builds.mark
        rebuild()
        // The build asked for ends after one that may be running now.
        let target = mark.finished + (mark.running ? 2 : 1)
        let end = ContinuousClock.now + Self.restoreWait
        // Not past a Ctrl-C: the rebuild loop stops then, and the server waits for the requests it is answering.
        while builds.mark.finished < target, ContinuousClock.now < end, !Task.isShuttingDownGracefully {
            do { try await Task.sleep(for: .milliseconds(20)) } catch { return found }
        }
        await builds.settled()
        return look()
    }

    /// How long a request waits for the site to be built again in an output folder that was deleted.
    static let restoreWait: Duration = .seconds(30)

    private func file(_ url: URL, _ data: Data, status: HTTPResponse.Status) async -> Response {
        let type = SafePath.contentType(of: url)
        var buffer: ByteBuffer
        if type.hasPrefix("text/html") {
            buffer = ByteBuffer(string: Self.inject(String(decoding: data, as: UTF8.self), script: await scriptTag()))
        } else {
            buffer = ByteBuffer(bytes: data)
        }
        return Response(status: status, headers: [.contentType: type, .cacheControl: "no-store"], body: .init(byteBuffer: buffer))
    }

    private func scriptTag(errorPage: Bool = false) async -> String {
        "<script src=\"\(Self.prefix)live.js\" data-generation=\"\(await live.generation)\"\(errorPage ? " data-error-page" : "")></script>"
    }

    /// Puts the live-reload script before the page's last `</body>` (or at its end).
    static func inject(_ html: String, script: String) -> String {
        guard let body = html.range(of: "</body>", options: .backwards) else { return html + script }
        return html.replacingCharacters(in: body.lowerBound..<body.lowerBound, with: script)
    }

    private func events() async -> Response {
        let stream = await live.listen()
        let live = self.live
        let body = ResponseBody { writer in
            try await withGracefulShutdownHandler {
                for await event in stream {
                    try await writer.write(ByteBuffer(string: event.wireFormat))
                }
            } onGracefulShutdown: {
                Task { await live.finish() }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    private func errorPage() async -> Response {
        let failure = await live.failure
        var html = """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(failure == nil ? "The site builds" : "The site does not build")</title>
        <style>
        body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
        h1 { color: #a31515; font-size: 1.4rem; }
        pre { background: #fff5f5; border-left: 4px solid #a31515; padding: .75rem 1rem; overflow-x: auto; white-space: pre-wrap; }
        </style></head>
        <body>

        """
        if let failure {
            html += "<h1>The site does not build</h1>\n<p>Fix the problems below and save; this page goes back by itself. The last good site is still served.</p>\n"
            for message in failure {
                html += "<pre class=\"diagnostic\">\(Escape.text(message))</pre>\n"
            }
        } else {
            html += "<h1>The site builds</h1>\n<p><a href=\"/\">Back to the site</a></p>\n"
        }
        html += await scriptTag(errorPage: true) + "\n</body>\n</html>\n"
        return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    private func text(_ message: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: message)))
    }
}
