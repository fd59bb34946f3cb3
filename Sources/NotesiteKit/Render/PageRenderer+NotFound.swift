import Foundation

/// The 404 page. A server shows it at whatever address was missing, at any depth (`/zh/old/x.html`), so its links
/// cannot be relative to its own place: with the site's address known they are absolute; without
/// it, a script at the top of the head finds the root in the address and sets the page's `<base>` to it before the
/// stylesheet loads. The same script puts the page in the language of the address (`/zh/…` Chinese, `/ru/…`
/// Russian, else English): a static server does not say which one was asked for, so the page carries its few words
/// in every language.
extension PageRenderer {
    /// The folders at the top of the site: the site's root is the folder above the first of them in a missing
    /// page's path.
    var rootMarkers: [String] { (templates.site.languages.all.map(\.code) + Self.siteFolders).sorted() }

    /// The root path of the site at `baseURL`, with a slash at each end: `https://example.org/notes` → `/notes/`.
    static func rootPath(of baseURL: String) -> String {
        let path = URLComponents(string: baseURL)?.percentEncodedPath ?? ""
        let trimmed = path.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
        return trimmed.isEmpty ? "/" : "/" + trimmed + "/"
    }

    func notFoundPage(baseURL: String?) -> OutputFile {
        let root = baseURL.map(Self.rootPath)
        var page = common(page: "404.html", language: nil, title: nil, root: baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" })
        // A missing address has no canonical one of its own to name.
        page["og"] = nil
        let english = templates.render("not-found", page)
        var script = HTMLOutput()
        script += "<script>" + notFoundScript(root: root, english: String(decoding: english, as: UTF8.self)) + "</script>"
        page["headScript"] = .html(script)
        return OutputFile(path: "404.html", contents: .bytes(templates.render("not-found", page)))
    }

    /// What the script needs: the root path when it is known (left out when it is not), the folders that mark it otherwise, and for each language
    /// but English its title, search page and the words of the English page (`english`) in that language.
    private struct Config: Encodable {
        struct Words: Encodable {
            let lang: String
            let title: String
            let search: String
            let t: [String: String]
        }
        let root: String?
        let markers: [String]
        let languages: [String: Words]
    }

    private func notFoundScript(root: String?, english: String) -> String {
        let strings = templates.strings
        let englishWords = strings.all(for: .en)
        var languages: [String: Config.Words] = [:]
        for language in templates.site.languages.all where language != .en {
            var words: [String: String] = [:]
            for (key, text) in englishWords where english.has(Escape.text(text)) {
                let own = strings.text(key, in: language)
                if own != text { words[text] = own }
            }
            let title = strings.text("not_found_title", in: language) + " · " + strings.text("site_title", in: language)
            let search = Self.searchPage(index.languages.contains(language) ? language : nil)
            languages[language.rawValue] = Config.Words(lang: language.htmlLang, title: title, search: search, t: words)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let config = Config(root: root, markers: rootMarkers, languages: languages)
        // JSON escapes `/`, so no `</script>` can close the element early; `<` neither opens a comment.
        let json = String(decoding: (try? encoder.encode(config)) ?? Data("{}".utf8), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
        return Self.notFoundScriptBody.replacingOccurrences(of: "CONFIG", with: json)
    }

    /// Runs in the head, before the stylesheet's link: a `<base>` set here is the one every later link resolves
    /// against. Without a folder of the site in the path, the root may still lie above the page's folder: it is
    /// then looked for upwards, by asking for the stylesheet, and the links are loaded again from there.
    static let notFoundScriptBody = """
    (function () {
      var c = CONFIG, path = location.pathname, parts = path.split("/"), root = c.root, base = null, guessed = false, i;
      if (!root) {
        root = parts.slice(0, -1).join("/") + "/";
        guessed = true;
        for (i = 1; i < parts.length - 1; i++) {
          if (c.markers.indexOf(parts[i]) >= 0) { root = parts.slice(0, i).join("/") + "/"; guessed = false; break; }
        }
        base = document.createElement("base");
        base.setAttribute("href", root);
        document.head.appendChild(base);
      }
      var rest = path.indexOf(root) === 0 ? path.slice(root.length) : path.slice(1);
      var lang = c.languages.hasOwnProperty(rest.split("/")[0]) ? c.languages[rest.split("/")[0]] : null;
      function probe() {
        var up = parts.slice(0, -1);
        (function next() {
          if (up.length === 0) return;
          var candidate = up.join("/") + "/";
          up.pop();
          fetch(candidate + "assets/style.css", { method: "HEAD" }).then(function (response) {
            if (!response.ok) return next();
            if (candidate === root) return;
            root = candidate;
            base.setAttribute("href", root);
            var links = document.querySelectorAll("link[href]");
            for (var j = 0; j < links.length; j++) links[j].setAttribute("href", new URL(links[j].getAttribute("href"), document.baseURI).href);
          }, function () {});
        })();
      }
      function settle() {
        var j, k, el, value;
        if (base) {
          // A `#fragment` would resolve against the root, leaving the page: it stays on this one.
          var own = document.querySelectorAll('a[href^="#"]');
          for (j = 0; j < own.length; j++) own[j].setAttribute("href", path + location.search + own[j].getAttribute("href"));
          // Only a server can be asked: from file:// the browser refuses the request (and logs it as an error).
          if (guessed && parts.length > 2 && window.fetch && /^https?:$/.test(location.protocol)) probe();
        }
        if (!lang) return;
        document.documentElement.lang = lang.lang;
        document.title = lang.title;
        var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), node;
        while ((node = walker.nextNode())) {
          var key = node.nodeValue.trim();
          if (key && lang.t.hasOwnProperty(key)) node.nodeValue = node.nodeValue.replace(key, function () { return lang.t[key]; });
        }
        var named = document.querySelectorAll('[placeholder], [aria-label], [title], meta[name="description"]');
        var attributes = ["placeholder", "aria-label", "title", "content"];
        for (j = 0; j < named.length; j++) {
          for (k = 0; k < attributes.length; k++) {
            value = named[j].getAttribute(attributes[k]);
            if (value !== null && lang.t.hasOwnProperty(value)) named[j].setAttribute(attributes[k], lang.t[value]);
          }
        }
        el = document.querySelector("form.search-form");
        if (el) el.setAttribute("action", root + lang.search);
        el = document.querySelector("a.not-found-search");
        if (el) el.setAttribute("href", root + lang.search);
        el = document.querySelector('.site-nav a[hreflang="' + lang.lang + '"]');
        if (el) el.setAttribute("aria-current", "true");
      }
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", settle); else settle();
    })();
    """
}
