"""The checks themselves, on two small pages: one that passes every check and one that fails each of them, at both
widths. These need no site, so a check that could never fail shows here rather than as a green run."""

from pathlib import Path

import pytest

import browser
import checks

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(params=browser.WIDTHS, ids=lambda width: f"{width}px")
def measured(request, driver):
    width = request.param
    browser.set_width(driver, width)
    driver.current_width = width
    return width, {name: browser.visit(driver, (FIXTURES / name).as_uri()) for name in ("good.html", "bad.html")}


def test_the_good_page_passes_every_check(measured):
    width, results = measured
    good = results["good.html"]
    assert checks.horizontal_scroll(good, "good.html", width) is None
    assert checks.console_errors(good, "good.html", width) is None
    assert checks.axe_violations(good, "good.html", width) is None
    assert checks.pager_outside_text(good, "good.html", width, expect_links=True) is None


def test_the_bad_page_fails_each_check_and_says_where(measured):
    width, results = measured
    bad = results["bad.html"]
    scroll = checks.horizontal_scroll(bad, "bad.html", width)
    assert scroll and "table.wide reaches" in scroll
    console = checks.console_errors(bad, "bad.html", width)
    assert console and "a script error the suite must see" in console
    axe = checks.axe_violations(bad, "bad.html", width)
    assert axe and "label (critical" in axe and "color-contrast (serious" in axe and "#q" in axe
    pager = checks.pager_outside_text(bad, "bad.html", width, expect_links=True)
    assert pager
    assert "is outside <main>" in pager
    if width == 1280:  # side by side only where the grid has two columns
        assert "is not under the text column" in pager


def test_a_note_without_neighbours_is_reported_only_where_it_should_have_them(measured):
    width, results = measured
    alone = dict(results["good.html"], pager=[])
    assert checks.pager_outside_text(alone, "alone.html", width, expect_links=False) is None
    assert "no previous/next link" in checks.pager_outside_text(alone, "alone.html", width, expect_links=True)
