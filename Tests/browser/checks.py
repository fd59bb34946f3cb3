"""What each test asserts, as functions of one page's measures: each returns None, or the failure's message."""

import browser


def horizontal_scroll(result, page, width):
    if result["innerWidth"] != width:
        return f"{page}: the viewport is {result['innerWidth']} px wide, not {width} px"
    if result["scrollWidth"] <= result["clientWidth"]:
        return None
    culprits = "\n".join(f"    {c['selector']} reaches {c['right']} px" for c in result["culprits"]) or "    (none found)"
    return (f"{page} at {width} px scrolls sideways: the document is {result['scrollWidth']} px wide in a "
            f"{result['clientWidth']} px viewport; elements that start the overflow:\n{culprits}")


def console_errors(result, page, width):
    if not result["console"]:
        return None
    return f"{page} at {width} px logged console errors:\n" + "\n".join(f"    {line}" for line in result["console"])


def axe_violations(result, page, width):
    failing = browser.serious(result)
    if not failing:
        return None
    nodes = sum(len(v["nodes"]) for v in failing)
    return (f"{page} at {width} px: {nodes} serious or critical axe-core {result['axeVersion']} violations:\n"
            + browser.describe_violations(failing))


def pager_outside_text(result, page, width, expect_links):
    """The previous/next links are inside <main> or the article, and under the text column, not beside it."""
    links = result["pager"]
    if expect_links and not links:
        return f"{page} at {width} px: a note among several of its language has no previous/next link"
    problems = []
    for link in links:
        left, right, top = link["box"]
        column_left, column_right, column_top = link["columnBox"]
        if not link["inMain"]:
            problems.append(f"{page} at {width} px: {link['selector']} is outside <main> and the article")
        elif not (column_left - 1 <= left and right <= column_right + 1 and top >= column_top):
            problems.append(f"{page} at {width} px: {link['selector']} (x {left}–{right}, y {top}) is not under the "
                            f"text column {link['column']} (x {column_left}–{column_right}, from y {column_top})")
    return "\n".join(problems) or None
