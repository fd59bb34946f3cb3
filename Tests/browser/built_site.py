"""Finds the built site, the pages in it, and the browser that opens them.

The suite builds nothing of notesite itself: it reads a site folder (NOTESITE_SITE), or writes one with a notesite
binary it is given (NOTESITE_BIN, release or debug) from the repository's Content/ and Templates/.
"""

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
LANGUAGES = ("zh", "ru", "en")
# Pages a language folder holds that are not notes.
LANGUAGE_PAGES = {"index.html", "search.html"}

_site = None


class SetupError(Exception):
    pass


def site_root():
    """The site folder, built once per run when only a binary is given."""
    global _site
    if _site is not None:
        return _site
    folder = os.environ.get("NOTESITE_SITE")
    binary = os.environ.get("NOTESITE_BIN")
    if folder:
        root = Path(folder).resolve()
        if not (root / "index.html").is_file():
            raise SetupError(f"NOTESITE_SITE={folder} holds no index.html; build the site there first")
    elif binary:
        root = Path(tempfile.mkdtemp(prefix="notesite-browser-"))
        atexit.register(shutil.rmtree, root, ignore_errors=True)
        command = [str(Path(binary).resolve()), "build", "--output", str(root)]
        result = subprocess.run(command, cwd=REPOSITORY, capture_output=True, text=True)
        if result.returncode != 0:
            raise SetupError(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr[-4000:]}")
    else:
        raise SetupError("set NOTESITE_SITE to a built site folder, or NOTESITE_BIN to a notesite binary "
                         "(for example NOTESITE_BIN=.build/debug/notesite)")
    _site = root
    return root


def pages(root):
    """Every generated page, as paths relative to the site root, in a stable order."""
    return sorted(path.relative_to(root).as_posix() for path in root.rglob("*.html"))


def is_note_page(page):
    parts = page.split("/")
    return (len(parts) > 1 and parts[0] in LANGUAGES and parts[1] != "tags"
            and not (len(parts) == 2 and parts[1] in LANGUAGE_PAGES))


def languages_with_neighbours(all_pages):
    """Languages with two notes or more: there every note page links a previous or next note."""
    counts = {}
    for page in all_pages:
        if is_note_page(page):
            counts[page.split("/")[0]] = counts.get(page.split("/")[0], 0) + 1
    return {language for language, count in counts.items() if count > 1}


def chromium_paths():
    browser = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    driver = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")
    if not browser or not driver:
        raise SetupError("needs chromium and chromedriver on the path (make test-deps installs Debian's "
                         "chromium and chromium-driver)")
    return browser, driver
