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

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", addCopyButtons);
  } else {
    addCopyButtons();
  }
})();
