// notesite search: runs in the page over window.NOTESITE_SEARCH (assets/search-index.js), so it works from file://.
// Queries are tokenised as the index was built: lowercased, ё as е, Chinese as overlapping character pairs, and
// Korean as pairs too or, where the page's language is searched by words (data-search="words"), as words.
// The index holds no text: the sections' texts are in text scripts, assets/search/<lang>.<n>.js for a few notes of
// a language at a time (and assets/search/<lang>/<slug>.js for a note serve rebuilt), loaded (as scripts, which
// file:// allows) only for the results shown, to rank them by how often they use the query and to show the snippet.
// While `notesite serve` rebuilds, the sections of notes edited since the index was written are in
// window.NOTESITE_SEARCH_PATCH (assets/search-patch.js): they replace the index's sections listed in `removed`
// and are numbered after the index's own. A complete build writes the patch as null. A patch names the index it
// was made for (`base`, the index's `generation`) and is ignored over any other: a page that loads while the
// index and the patch are being replaced never mixes the two.
// The index's `synonyms` (from Content/data/synonyms.yml) are groups of words a reader may use for one another: a
// query word in a group finds the sections that hold any word of the group.
// Results are grouped by page: the page's title once, its matching sections under it.
(function () {
  "use strict";
  var data = window.NOTESITE_SEARCH;
  var patch = window.NOTESITE_SEARCH_PATCH;
  if (patch && (!data || patch.base !== data.generation)) { patch = null; }
  var input = document.getElementById("search-query");
  var output = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  if (!data || !input || !output) { return; }
  var indexed = data.sections.length;
  var removed = Object.create(null);
  if (patch) {
    patch.removed.forEach(function (range) { for (var id = range[0]; id < range[1]; id++) { removed[id] = true; } });
    var shardOffset = data.shards.length;
    data.shards = data.shards.concat(patch.shards);
    data.sections = data.sections.concat(patch.sections.map(function (s) {
      return [s[0], s[1], s[2], s[3], s[4] + shardOffset, s[5]];
    }));
  }
  var root = document.documentElement.getAttribute("data-root") || "";
  var noResults = output.getAttribute("data-no-results") || "No results.";
  var resultsWord = output.getAttribute("data-results") || "results";
  var resultWord = output.getAttribute("data-result") || "result";
  var fewWord = output.getAttribute("data-results-few") || resultsWord;
  // "1 result", "2 results"; in Russian "1 результат", "2 результата", "5 результатов", "21 результат", by the
  // plural rules of the page's language.
  var plurals = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || "en") : null;
  function counted(n) {
    var form = plurals ? plurals.select(n) : (n === 1 ? "one" : "other");
    return n + " " + (form === "one" ? resultWord : form === "few" ? fewWord : resultsWord);
  }
  // A language's search page lists its own language's sections first among those that score the same.
  var language = output.getAttribute("data-language");
  function order(a, b) {
    var ownA = data.sections[a.id][2] === language ? 1 : 0, ownB = data.sections[b.id][2] === language ? 1 : 0;
    return b.score - a.score || ownB - ownA || a.id - b.id;
  }
  var keys = null;
  var generation = 0;
  var groupOf = Object.create(null);
  (data.synonyms || []).forEach(function (group) { group.forEach(function (word) { groupOf[word] = group; }); });

  // The text scripts call NOTESITE_SEARCH_TEXT(name, texts); each is loaded once, on demand.
  var texts = Object.create(null);
  var loading = Object.create(null);
  window.NOTESITE_SEARCH_TEXT = function (name, list) { texts[name] = list; };
  function loadText(name) {
    if (!loading[name]) {
      loading[name] = new Promise(function (resolve) {
        var script = document.createElement("script");
        script.src = root + "assets/search/" + name.split("/").map(encodeURIComponent).join("/") + ".js";
        // A missing script leaves its sections without a snippet; the results stay.
        script.onload = script.onerror = function () { resolve(); };
        document.head.appendChild(script);
      });
    }
    return loading[name];
  }
  function textOf(section) {
    var list = texts[data.shards[section[4]]];
    return (list && list[section[5]]) || "";
  }

  function isWide(code) {
    return (code >= 0x2E80 && code <= 0x9FFF) || (code >= 0xAC00 && code <= 0xD7AF) || (code >= 0xF900 && code <= 0xFAFF) ||
      (code >= 0xFE30 && code <= 0xFE4F) || (code >= 0xFF00 && code <= 0xFF60) || (code >= 0xFF66 && code <= 0xFF9F) || (code >= 0x20000 && code <= 0x3FFFF);
  }
  // The page's language's `search` setting decides Hangul alone: Han and Kana are pairs in either mode. The site's
  // own search page, of no language, splits as the languages searched by pairs do.
  var hangulWords = output.getAttribute("data-search") === "words";
  function isHangul(code) { return (code >= 0xAC00 && code <= 0xD7AF) || (code >= 0x3130 && code <= 0x318F); }
  // Whether the character is searched by pairs: a wide one, but Hangul where the language is searched by words.
  function isPaired(code) { return isWide(code) && !(hangulWords && isHangul(code)); }

  function normalise(text) { return text.toLowerCase().replace(/ё/g, "е"); }

  function tokens(text) {
    var result = [], word = "", han = [];
    function endWord() { if (word) { result.push(word); } word = ""; }
    function endHan() {
      if (han.length === 1) { result.push(han[0]); }
      for (var i = 0; i + 1 < han.length; i++) { result.push(han[i] + han[i + 1]); }
      han = [];
    }
    Array.from(normalise(text)).forEach(function (ch) {
      var code = ch.codePointAt(0);
      var letter = /[\p{L}\p{N}]/u.test(ch);
      if (letter && isPaired(code)) { endWord(); han.push(ch); }
      else if (letter || ch === "_") { endHan(); word += ch; }
      else { endWord(); endHan(); }
    });
    endWord(); endHan();
    return result;
  }

  // Only an index's own keys: a query such as "constructor" must not find Object.prototype's.
  function own(index, token) { return Object.prototype.hasOwnProperty.call(index, token) ? index[token] : []; }

  // The index writes each token's section ids as differences from the id before; decoded once per token, the
  // patch's after the index's.
  var decoded = Object.create(null);
  function ids(token) {
    if (decoded[token]) { return decoded[token]; }
    var list = own(data.index, token), out = [], id = 0, i;
    for (i = 0; i < list.length; i++) { id += list[i]; if (!removed[id]) { out.push(id); } }
    if (patch) {
      list = own(patch.index, token);
      id = 0;
      for (i = 0; i < list.length; i++) { id += list[i]; out.push(indexed + id); }
    }
    decoded[token] = out;
    return out;
  }

  // A token's sections; the last word of the query (still being typed) and a lone Chinese character match as prefixes.
  function postings(token, prefix) {
    if (!prefix) { return ids(token); }
    keys = keys || Object.keys(data.index).concat(patch ? Object.keys(patch.index).filter(function (key) {
      return !Object.prototype.hasOwnProperty.call(data.index, key);
    }) : []);
    var found = {};
    keys.forEach(function (key) {
      if (key.lastIndexOf(token, 0) === 0) { ids(key).forEach(function (id) { found[id] = true; }); }
    });
    return Object.keys(found).map(Number);
  }

  function escapeHTML(text) {
    return text.replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[c]; });
  }

  // Where a snippet may start or end: at a space or after punctuation, next to a Chinese or Japanese character
  // (which stand without spaces), never inside a word or a surrogate pair.
  var punctuation = /[,.;:!?)\]}»"'、，。；：！？）」』】…—–\/]/;
  function isBoundary(text, i) {
    if (i <= 0 || i >= text.length) { return true; }
    var next = text.charCodeAt(i);
    if (next >= 0xDC00 && next <= 0xDFFF) { return false; }
    var before = text[i - 1], after = text[i];
    return /\s/.test(before) || /\s/.test(after) || punctuation.test(before) || /[(\[{«"'「『【]/.test(after) ||
      isPaired(text.charCodeAt(i - 1)) || isPaired(next);
  }
  // Whether a sentence ends with the character at `i`.
  function endsSentence(text, i) {
    var ch = text[i];
    if (/[。！？；\n]/.test(ch)) { return true; }
    return /[.!?;]/.test(ch) && (i + 1 >= text.length || /\s/.test(text[i + 1]));
  }

  // The part of the text around the first match, from the start of its sentence when that is near or else from a
  // word's start, to a sentence's or a word's end; every query term marked.
  function snippet(text, terms) {
    var lower = normalise(text);
    var first = -1, length = 0;
    terms.forEach(function (term) {
      var at = lower.indexOf(term);
      if (at >= 0 && (first < 0 || at < first)) { first = at; length = term.length; }
    });
    var at = Math.max(first, 0);
    var start = 0;
    if (at > 80) {
      start = -1;
      for (var i = at; i > at - 100; i--) { if (endsSentence(text, i - 1)) { start = i; break; } }
      if (start < 0) {
        start = at - 60;
        while (start < at && !isBoundary(text, start)) { start++; }
      }
      // Not on the punctuation that closed the text before.
      while (start < at && (/\s/.test(text[start]) || /[,.;:!?)\]}、，。；：！？）]/.test(text[start]))) { start++; }
    }
    var limit = Math.max(at + length + 60, start + 180), end = text.length;
    if (limit < text.length) {
      end = -1;
      for (var k = limit; k > at + length + 20; k--) { if (endsSentence(text, k - 1)) { end = k; break; } }
      if (end < 0) {
        end = limit;
        while (end > at + length && !isBoundary(text, end)) { end--; }
      }
    }
    var part = text.slice(start, end).replace(/\s+/g, " ").trim(), lowerPart = normalise(part);
    var marks = [];
    terms.forEach(function (term) {
      var from = 0, found;
      while (term && (found = lowerPart.indexOf(term, from)) >= 0) { marks.push([found, found + term.length]); from = found + term.length; }
    });
    // Where two terms match at one place (collapse, collapsed), the longer is marked.
    marks.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
    var html = "", position = 0;
    marks.forEach(function (m) {
      if (m[0] < position) { return; }
      html += escapeHTML(part.slice(position, m[0])) + "<mark>" + escapeHTML(part.slice(m[0], m[1])) + "</mark>";
      position = m[1];
    });
    html += escapeHTML(part.slice(position));
    return (start > 0 ? "… " : "") + html + (end < text.length ? " …" : "");
  }

  // The sections that hold every token of `word`; the last token matches as a prefix when `prefix` says so, and
  // a lone Chinese character always does.
  function sectionsHolding(word, prefix) {
    var list = tokens(word), found = null;
    list.forEach(function (token, i) {
      var asPrefix = (prefix && i === list.length - 1) || (token.length === 1 && isPaired(token.codePointAt(0)));
      var these = postings(token, asPrefix);
      if (found === null) { found = these.slice(); return; }
      var set = Object.create(null);
      these.forEach(function (id) { set[id] = true; });
      found = found.filter(function (id) { return set[id]; });
    });
    return found;
  }

  function search(query) {
    var lastWordIsPrefix = !/\s$/.test(query);
    var words = normalise(query).split(/\s+/).filter(Boolean);
    var ids = null;
    // Terms to mark and count: the query's words, and every word of their synonym groups.
    var terms = [];
    words.forEach(function (word, i) {
      var group = Object.prototype.hasOwnProperty.call(groupOf, word) ? groupOf[word] : [word];
      var found = null;
      [word].concat(group.filter(function (other) { return other !== word; })).forEach(function (alternative) {
        // The word being typed matches as a prefix; its synonyms are whole words.
        var held = sectionsHolding(alternative, alternative === word && i === words.length - 1 && lastWordIsPrefix);
        if (held === null) { return; }
        terms.push(alternative);
        found = found === null ? held : found.concat(held);
      });
      if (found === null) { return; }
      var unique = Object.create(null);
      found = found.filter(function (id) { return unique[id] ? false : (unique[id] = true); });
      if (ids === null) { ids = found; return; }
      ids = ids.filter(function (id) { return unique[id]; });
    });
    if (ids === null) { generation++; output.innerHTML = ""; status.textContent = ""; return; }
    function count(text) {
      var n = 0;
      terms.forEach(function (t) { n += text.split(t).length - 1; });
      return n;
    }
    // A match in the section's heading or the note's title counts most; it decides which sections are shown.
    var candidates = ids.map(function (id) {
      var s = data.sections[id];
      return { id: id, score: 10 * count(normalise(s[0] + " " + (s[1] || ""))) };
    }).sort(order);
    // A reference entry is a section in each language it is written in, at one address: the best one is shown.
    var seen = Object.create(null);
    candidates = candidates.filter(function (r) {
      var url = data.sections[r.id][3];
      return seen[url] ? false : (seen[url] = true);
    }).slice(0, 50);
    var current = ++generation;
    status.textContent = candidates.length ? counted(candidates.length) : noResults;
    render(candidates, terms);
    // Then each shown section's text: how often it holds the words, and the snippet.
    var names = {};
    candidates.forEach(function (r) { names[data.shards[data.sections[r.id][4]]] = true; });
    Promise.all(Object.keys(names).map(loadText)).then(function () {
      if (current !== generation) { return; }
      candidates.forEach(function (r) { r.score += count(normalise(textOf(data.sections[r.id]))); });
      candidates.sort(order);
      render(candidates, terms);
    });
  }

  // A language a site adds (ja) is its own code, as its pages' lang is unless notesite.toml says otherwise.
  var htmlLang = { zh: "zh-Hans", ru: "ru", en: "en" };
  // The results grouped by page, each page where its best section ranks: the page's title once, linked to the
  // page, and under it each section, by its heading, with its snippet. A page's text before its first heading
  // has no heading: its snippet is the link.
  function render(results, terms) {
    var pages = [], byPage = Object.create(null);
    results.forEach(function (r) {
      var page = data.sections[r.id][3].split("#")[0];
      if (!byPage[page]) { byPage[page] = { page: page, sections: [] }; pages.push(byPage[page]); }
      byPage[page].sections.push(r);
    });
    output.innerHTML = pages.map(function (group) {
      var first = data.sections[group.sections[0].id];
      return "<li class=\"search-page\" lang=\"" + (htmlLang[first[2]] || first[2]) + "\"><h2 class=\"search-page-title\"><a href=\"" +
        escapeHTML(root + group.page) + "\">" + escapeHTML(first[0]) + "</a></h2><ol class=\"search-sections\">" +
        group.sections.map(function (r) {
          var s = data.sections[r.id];
          var text = textOf(s);
          var found = text ? snippet(text, terms) : "";
          var link = "<a href=\"" + escapeHTML(root + s[3]) + "\"";
          var head = s[1] ? link + ">" + escapeHTML(s[1]) + "</a>" : "";
          var body = found ? (s[1] ? "<p class=\"search-snippet\">" + found + "</p>"
            : "<p class=\"search-snippet\">" + link + " class=\"search-snippet-link\">" + found + "</a></p>") : "";
          if (!head && !body) { head = link + ">" + escapeHTML(s[0]) + "</a>"; }
          return "<li class=\"search-result\" lang=\"" + (htmlLang[s[2]] || s[2]) + "\">" + head +
            " <span class=\"search-language\">" + escapeHTML(s[2]) + "</span>" + body + "</li>";
        }).join("") + "</ol></li>";
    }).join("");
  }

  var params = new URLSearchParams(window.location.search);
  if (params.get("q")) { input.value = params.get("q"); }
  input.addEventListener("input", function () { search(input.value); });
  search(input.value);
})();
