"""The search page splits a query as the index split its language's notes (notesite.toml's `search`): a Korean site
searched by words finds a note by a whole Korean word and not by part of one (but the start of the word being
typed, as in Russian); searched by pairs of characters (the default), by any part of a word. Each site is built
here, from a few notes, with the binary NOTESITE_BIN names."""

import os
import subprocess
import tempfile
import urllib.parse
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

NOTES = {
    "notes/ko/bunhal.md": "---\ntitle: 분할 뷰\ndate: 2024-03-04\nlang: ko\n---\n\n## 접기\n\n분할 뷰 컨트롤러는 접힌다.\n",
    "notes/en/split.md": "---\ntitle: Split\ndate: 2024-03-04\nlang: en\n---\n\nThe split view collapses.\n",
}


def _build(folder, korean_lines):
    binary = os.environ.get("NOTESITE_BIN")
    if not binary:
        pytest.skip("builds its own site: set NOTESITE_BIN to a notesite binary")
    for path, text in NOTES.items():
        (folder / "Content" / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / "Content" / path).write_text(text, encoding="utf-8")
    (folder / "notesite.toml").write_text(
        f'[[languages]]\ncode = "ko"\n{korean_lines}\n[[languages]]\ncode = "en"\n', encoding="utf-8")
    command = [str(Path(binary).resolve()), "build", "--quiet", "--output", "public"]
    result = subprocess.run(command, cwd=folder, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-4000:]
    return folder / "public"


@pytest.fixture(scope="module")
def sites():
    with tempfile.TemporaryDirectory(prefix="notesite-search-") as root:
        root = Path(root)
        (root / "words").mkdir()
        (root / "pairs").mkdir()
        yield {"words": _build(root / "words", 'search = "words"'), "bigram": _build(root / "pairs", "")}


def _results(driver, site, page, query):
    """The addresses of the pages the search page `page` lists for `query`, opened from file://."""
    driver.get((site / page).as_uri() + "?q=" + urllib.parse.quote(query))
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "search-status").text != "")
    links = driver.find_elements(By.CSS_SELECTOR, "#search-results .search-page-title a")
    return [urllib.parse.unquote(link.get_attribute("href")).split("/public/")[-1] for link in links]


def test_a_korean_site_searched_by_words_finds_whole_words_only(driver, sites):
    site = sites["words"]
    assert _results(driver, site, "ko/search.html", "컨트롤러는") == ["ko/bunhal.html"]
    assert _results(driver, site, "ko/search.html", "분할 접힌다") == ["ko/bunhal.html"]
    assert _results(driver, site, "ko/search.html", "롤러는") == []
    assert _results(driver, site, "ko/search.html", "컨트롤 ") == []
    assert _results(driver, site, "ko/search.html", "뷰 ") == ["ko/bunhal.html"]
    assert _results(driver, site, "ko/search.html", "접 ") == []
    # The word being typed matches as the start of a word, as a Russian one does.
    assert _results(driver, site, "ko/search.html", "컨트롤") == ["ko/bunhal.html"]
    assert _results(driver, site, "en/search.html", "collapses") == ["en/split.html"]


def test_a_korean_site_searched_by_pairs_finds_parts_of_words(driver, sites):
    site = sites["bigram"]
    assert _results(driver, site, "ko/search.html", "롤러는") == ["ko/bunhal.html"]
    assert _results(driver, site, "ko/search.html", "컨트롤 ") == ["ko/bunhal.html"]
    assert _results(driver, site, "ko/search.html", "컨트롤러는") == ["ko/bunhal.html"]
    assert _results(driver, site, "ko/search.html", "접 ") == ["ko/bunhal.html"]
