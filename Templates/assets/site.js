// notesite: small enhancements that the pages do not need to be read. Works from file:// and any server.
(function () {
  "use strict";
  var root = document.documentElement;
  var copyLabel = root.getAttribute("data-copy-label") || "Copy";
  var copiedLabel = root.getAttribute("data-copied-label") || "Copied";

  function copyText(text, done) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallback(text, done); });
    } else {
      fallback(text, done);
    }
  }

  function fallback(text, done) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "absolute";
    area.style.left = "-9999px";
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); done(); } catch (e) { /* nothing to copy to */ }
    document.body.removeChild(area);
  }

  function addCopyButtons() {
    var blocks = document.querySelectorAll(".note-body pre > code");
    Array.prototype.forEach.call(blocks, function (code) {
      var pre = code.parentNode;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy-button";
      button.textContent = copyLabel;
      button.addEventListener("click", function () {
        copyText(code.textContent, function () {
          button.textContent = copiedLabel;
          setTimeout(function () { button.textContent = copyLabel; }, 1500);
        });
      });
      pre.classList.add("has-copy");
      pre.insertBefore(button, code);
    });
  }

  // A remote image that fails to load shows what it was, as a missing one does at build time, rather than a gap.
  var imageMissingLabel = root.getAttribute("data-image-missing-label") || "image not available";

  function showFailedImage(img) {
    if (!img.parentNode || img.getAttribute("data-failed")) { return; }
    img.setAttribute("data-failed", "");
    var src = img.getAttribute("src") || "";
    var file = src.split(/[?#]/)[0].split("/").pop() || "";
    try { file = decodeURIComponent(file); } catch (e) { /* shown as written */ }
    var name = img.getAttribute("alt") || file;
    var box = document.createElement("span");
    box.className = "image-missing";
    var label = document.createElement("span");
    label.className = "image-missing-label";
    label.textContent = imageMissingLabel;
    box.appendChild(label);
    if (name) {
      var named = document.createElement("span");
      named.className = "image-missing-name";
      named.textContent = name;
      box.appendChild(named);
    }
    if (/^https?:/i.test(src)) {
      var link = document.createElement("a");
      link.href = src;
      link.rel = "external";
      link.textContent = "↗";
      link.setAttribute("aria-label", src);
      box.appendChild(link);
    }
    img.parentNode.replaceChild(box, img);
  }

  // `error` does not bubble: caught on the way down, for images that fail after this script runs.
  document.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target.tagName === "IMG" && target.closest(".note-body")) { showFailedImage(target); }
  }, true);

  function checkImages() {
    var images = document.querySelectorAll(".note-body img");
    Array.prototype.forEach.call(images, function (img) {
      // Failed before this script ran: complete, with nothing to show.
      if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) { showFailedImage(img); }
    });
  }

  // A table wider than its box scrolls inside it; the box says so (the hint is in the page's language).
  var scrollHint = root.getAttribute("data-scroll-hint") || "";

  function markScrollableTables() {
    var boxes = document.querySelectorAll(".table-wrap");
    Array.prototype.forEach.call(boxes, function (box) {
      var scrollable = box.scrollWidth > box.clientWidth + 1;
      box.classList.toggle("is-scrollable", scrollable);
      if (scrollable) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", scrollHint);
        box.setAttribute("data-scroll-hint", scrollHint);
      } else {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
  }

  // On a phone the contents start closed, so the text comes first; the reader opens them with one tap.
  function closeContentsOnPhones() {
    var contents = document.querySelector(".toc details");
    if (contents && window.matchMedia && window.matchMedia("(max-width: 63.99rem)").matches) { contents.open = false; }
  }

  function start() {
    addCopyButtons();
    checkImages();
    markScrollableTables();
    closeContentsOnPhones();
    var pending = false;
    window.addEventListener("resize", function () {
      if (pending) { return; }
      pending = true;
      window.requestAnimationFrame(function () { pending = false; markScrollableTables(); });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
