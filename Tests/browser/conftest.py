"""Every page of the built site at every width, opened once in one headless Chromium and shared by the tests."""

import os
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser  # noqa: E402
import built_site  # noqa: E402

_results = {}
_timing = {"visits": 0, "seconds": 0.0}


def _cases():
    root = built_site.site_root()
    all_pages = built_site.pages(root)
    # Width first: the window is resized twice in a run, not once per page.
    return [(width, page) for width in browser.WIDTHS for page in all_pages]


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        try:
            cases = _cases()
        except built_site.SetupError as error:
            # One plain failure per test that says what to set, rather than a collection traceback.
            metafunc.parametrize("case", [(0, f"browser tests: {error}")], ids=["no-site"])
            return
        metafunc.parametrize("case", cases, ids=[f"{width}-{page}" for width, page in cases])


@pytest.fixture(scope="session")
def site_root():
    try:
        return built_site.site_root()
    except built_site.SetupError as error:
        problem = str(error)
    pytest.fail(f"browser tests: {problem}", pytrace=False)


@pytest.fixture(scope="session")
def all_pages(site_root):
    return built_site.pages(site_root)


@pytest.fixture(scope="session")
def driver():
    try:
        chromium, chromedriver = built_site.chromium_paths()
    except built_site.SetupError as error:
        pytest.fail(f"browser tests: {error}", pytrace=False)
    session = browser.start(chromium, chromedriver)
    session.current_width = None
    yield session
    session.quit()


@pytest.fixture
def result(case, request):
    """The page's measures at the case's width, taken on first use; an error in loading fails every test of it."""
    if case[0] == 0:
        pytest.fail(case[1], pytrace=False)
    driver = request.getfixturevalue("driver")
    site_root = request.getfixturevalue("site_root")
    if case not in _results:
        width, page = case
        started = time.monotonic()
        try:
            if driver.current_width != width:
                browser.set_width(driver, width)
                driver.current_width = width
            _results[case] = browser.visit(driver, (site_root / page).as_uri())
        except Exception as error:  # a timeout or a crashed page: recorded, so each check says why
            _results[case] = {"error": f"{type(error).__name__}: {error}".strip()}
        _timing["visits"] += 1
        _timing["seconds"] += time.monotonic() - started
    measured = _results[case]
    if "error" in measured:
        pytest.fail(f"{case[1]} at {case[0]} px did not load: {measured['error']}", pytrace=False)
    return measured


def pytest_terminal_summary(terminalreporter):
    if not _timing["visits"]:
        return
    versions = {r.get("axeVersion") for r in _results.values() if r.get("axeVersion")}
    terminalreporter.write_line(
        f"browser: {_timing['visits']} page visits ({len(browser.WIDTHS)} widths) in {_timing['seconds']:.1f} s; "
        f"axe-core {', '.join(sorted(versions)) or '?'}")
    report = os.environ.get("BROWSER_REPORT")
    if report:
        browser.dump({f"{width} {page}": r for (width, page), r in sorted(_results.items())}, report)
        terminalreporter.write_line(f"browser: measures of every page written to {report}")
