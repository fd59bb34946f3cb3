"""Opens one page in headless Chromium at one width and measures what the tests assert."""

import json
import os
import re

try:
    from selenium_axe_python import Axe  # axe-core 4.9.1
except ImportError:  # the package it forks: axe-core 4 there on Python 3.12 and later, 3.1.1 before
    from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

WIDTHS = (390, 1280)
HEIGHT = 900
# Per page: loading, then waiting for fonts and layout, then axe-core; a page that takes longer fails alone.
PAGE_TIMEOUT = float(os.environ.get("BROWSER_PAGE_TIMEOUT", "30"))
FAILING_IMPACTS = ("serious", "critical")
# Chromium's line for a remote resource that did not load; the site's own files (file://) still count.
REMOTE_LOAD_FAILURE = re.compile(r"^https?://\S+ - Failed to load resource: net::ERR_NAME_NOT_RESOLVED$")

# Elements that start the page's overflow: wider than the viewport while their parent is not, and not inside a box
# that scrolls on its own. A page-level scroll names these, so the message says which element to fix.
MEASURE = """
const root = document.scrollingElement;
const limit = root.clientWidth;
function selector(element) {
  const parts = [];
  for (let node = element; node && node.nodeType === 1 && parts.length < 4; node = node.parentElement) {
    let part = node.localName;
    if (node.id) { parts.unshift(part + '#' + CSS.escape(node.id)); break; }
    if (node.classList.length) part += '.' + [...node.classList].map(c => CSS.escape(c)).join('.');
    parts.unshift(part);
  }
  return parts.join(' > ');
}
function scrollsItself(element) {
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowX;
    if (overflow !== 'visible' && overflow !== 'clip') return true;
  }
  return false;
}
const culprits = [];
if (root.scrollWidth > limit) {
  for (const element of document.body.querySelectorAll('*')) {
    const right = element.getBoundingClientRect().right + window.scrollX;
    const parent = element.parentElement;
    const parentRight = parent ? parent.getBoundingClientRect().right + window.scrollX : 0;
    if (right > limit + 1 && parentRight <= limit + 1 && !scrollsItself(element)) {
      culprits.push({selector: selector(element), right: Math.round(right)});
      if (culprits.length >= 5) break;
    }
  }
}
const pager = [...document.querySelectorAll('a[rel~="prev"], a[rel~="next"]')].map(link => {
  const column = document.querySelector('.note-body') || link.closest('article') || document.querySelector('main');
  const box = link.getBoundingClientRect();
  const columnBox = column ? column.getBoundingClientRect() : null;
  return {
    selector: selector(link),
    inMain: !!link.closest('main, article'),
    column: column ? selector(column) : null,
    box: [Math.round(box.left), Math.round(box.right), Math.round(box.top + window.scrollY)],
    columnBox: columnBox ? [Math.round(columnBox.left), Math.round(columnBox.right), Math.round(columnBox.top + window.scrollY)] : null,
  };
});
return {scrollWidth: root.scrollWidth, clientWidth: limit, innerWidth: window.innerWidth, culprits, pager};
"""

WAIT_FOR_LAYOUT = """
const done = arguments[arguments.length - 1];
document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));
"""

# preload: false, because axe-core otherwise fetches the page's stylesheets again with XMLHttpRequest, which a page
# opened from file:// refuses, logging a console error of axe-core's own on every page.
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations'], preload: false})
  .then(results => done({version: axe.version, violations: results.violations}))
  .catch(error => done({error: String(error)}));
"""


def start(browser, driver_path):
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in ("--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                     f"--window-size={WIDTHS[0]},{HEIGHT}", "--force-device-scale-factor=1", "--lang=en-US",
                     # No host resolves: a remote image fails the same way with or without a network, and its
                     # failure is the page's to show (a placeholder), not a console error the suite counts.
                     "--host-resolver-rules=MAP * ~NOTFOUND"):
        options.add_argument(argument)
    if os.geteuid() == 0:
        # Chromium refuses to start as root inside its sandbox.
        options.add_argument("--no-sandbox")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # An explicit driver path keeps Selenium from looking for a driver to download.
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    driver.set_page_load_timeout(PAGE_TIMEOUT)
    driver.set_script_timeout(PAGE_TIMEOUT)
    # AXE_SCRIPT: another axe-core build to run instead of the packaged one, to compare versions.
    with open(os.environ.get("AXE_SCRIPT") or Axe(driver).script_url, encoding="utf-8") as file:
        driver.axe_script = file.read()
    return driver


def set_width(driver, width):
    """Sizes the window so that the viewport, not the window, is `width` pixels wide."""
    driver.set_window_size(width, HEIGHT)
    inner = driver.execute_script("return window.innerWidth")
    if inner != width:
        size = driver.get_window_size()
        driver.set_window_size(size["width"] + width - inner, HEIGHT)
        inner = driver.execute_script("return window.innerWidth")
    if inner != width:
        raise RuntimeError(f"could not make the viewport {width} px wide (it is {inner} px)")


def visit(driver, url):
    """Loads `url` at the window's current width; returns the measures, console errors and axe-core's violations."""
    driver.get_log("browser")  # what an earlier page left behind
    driver.get(url)
    WebDriverWait(driver, PAGE_TIMEOUT).until(
        lambda d: d.execute_script("return document.readyState") == "complete")
    driver.execute_async_script(WAIT_FOR_LAYOUT)
    result = driver.execute_script(MEASURE)
    driver.execute_script(driver.axe_script)
    axe = driver.execute_async_script(RUN_AXE)
    if "error" in axe:
        raise RuntimeError(f"axe-core failed: {axe['error']}")
    result["axeVersion"] = axe["version"]
    result["violations"] = [
        {"id": v["id"], "impact": v["impact"], "help": v["help"],
         "nodes": [{"target": " ".join(map(str, n["target"])), "summary": n.get("failureSummary", "")}
                   for n in v["nodes"]]}
        for v in axe["violations"]]
    # Read last, so errors logged while the page's scripts and axe-core ran are counted too.
    result["console"] = [entry["message"] for entry in driver.get_log("browser")
                         if entry["level"] == "SEVERE" and not REMOTE_LOAD_FAILURE.match(entry["message"])]
    return result


def serious(result):
    return [v for v in result["violations"] if v["impact"] in FAILING_IMPACTS]


def describe_violations(violations, examples=3):
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
        for node in v["nodes"][:examples]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {node['target']}  {summary[:200]}")
        if len(v["nodes"]) > examples:
            lines.append(f"    … and {len(v['nodes']) - examples} more")
    return "\n".join(lines)


def dump(results, path):
    with open(path, "w", encoding="utf-8") as file:
        json.dump(results, file, ensure_ascii=False, indent=1)

