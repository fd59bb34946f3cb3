"""The issue's proof for the reading experience: every generated page, at a phone's width (390 px) and a desktop's
(1280 px), scrolls only vertically, logs no console error, has no serious or critical axe-core violation, and on a
note page keeps its previous/next links under the text."""

import pytest

import built_site
import checks


def _fail(message):
    if message:
        pytest.fail(message, pytrace=False)


def test_no_page_level_horizontal_scroll(case, result):
    width, page = case
    _fail(checks.horizontal_scroll(result, page, width))


def test_no_console_errors(case, result):
    width, page = case
    _fail(checks.console_errors(result, page, width))


def test_no_serious_or_critical_axe_violations(case, result):
    width, page = case
    _fail(checks.axe_violations(result, page, width))


def test_previous_and_next_sit_under_the_text(case, result, all_pages):
    width, page = case
    if built_site.is_note_page(page):
        expect = page.split("/")[0] in built_site.languages_with_neighbours(all_pages)
        _fail(checks.pager_outside_text(result, page, width, expect))
