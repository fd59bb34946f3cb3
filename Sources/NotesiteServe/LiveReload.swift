import Foundation

/// The state open pages follow: which build they show and whether the last rebuild failed.
/// Pages listen on `/__notesite/events` (server-sent events); the server tells them when to reload.
public actor LiveReload {
    public enum Event: Sendable, Equatable {
        /// A rebuild succeeded: the pages reload.
        case reload(generation: Int)
        /// A rebuild failed: the pages show the error page until the next good build.
        case failed(generation: Int)
        /// Keeps the connection open through proxies and lets the server notice closed pages.
        case heartbeat

        /// The event as the `text/event-stream` protocol writes it.
        var wireFormat: String {
            switch self {
            case .reload(let generation): "event: reload\ndata: \(generation)\n\n"
            case .failed(let generation): "event: failed\ndata: \(generation)\n\n"
            case .heartbeat: ": heartbeat\n\n"
            }
        }
    }

    /// Counts successful and failed builds; pages carry the number they were served with.
    public private(set) var generation = 0
    /// The errors of the failed build, formatted as the terminal shows them; nil while the site builds.
    public private(set) var failure: [String]?
    private var listeners: [UUID: AsyncStream<Event>.Continuation] = [:]
    private var finished = false

    public init() {}

    /// The events for one open page, starting with the current state.
    public func listen() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(8))
        guard !finished else {
            continuation.finish()
            return stream
        }
        let id = UUID()
        listeners[id] = continuation
        continuation.onTermination = { _ in Task { await self.forget(id) } }
        continuation.yield(failure == nil ? .reload(generation: generation) : .failed(generation: generation))
        return stream
    }

    public var listenerCount: Int { listeners.count }

    private func forget(_ id: UUID) {
        listeners[id] = nil
    }

    /// Records a build (`failure` nil when it succeeded) and tells every open page.
    public func built(failure: [String]?) {
        generation += 1
        self.failure = failure
        send(failure == nil ? .reload(generation: generation) : .failed(generation: generation))
    }

    func send(_ event: Event) {
        for continuation in listeners.values { continuation.yield(event) }
    }

    /// Ends every stream, so the server can stop.
    public func finish() {
        finished = true
        for continuation in listeners.values { continuation.finish() }
        listeners = [:]
    }

    /// The script injected into every page served (never written to the output folder).
    static let script = #"""
    // notesite serve: reload when the site is rebuilt, show the error page while it does not build.
    (function () {
      var me = document.currentScript;
      var shown = Number(me.getAttribute("data-generation"));
      var onErrorPage = me.hasAttribute("data-error-page");
      var back = new URLSearchParams(location.search).get("from") || "/";
      if (!/^\/(?![\/\\])/.test(back)) { back = "/"; }
      function go(event, generation) {
        if (event === "failed") {
          if (!onErrorPage) { location.href = "/__notesite/errors?from=" + encodeURIComponent(location.pathname + location.hash); }
          else if (generation !== shown) { location.reload(); }
        } else if (onErrorPage) {
          location.href = back;
        } else if (generation !== shown) {
          location.reload();
        }
      }
      var source = new EventSource("/__notesite/events");
      source.addEventListener("reload", function (e) { go("reload", Number(e.data)); });
      source.addEventListener("failed", function (e) { go("failed", Number(e.data)); });
    })();

    """#
}
