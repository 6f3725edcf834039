"""axe-core's WCAG 2.1 A and AA rules over the main pages of every app, signed in as the demo
account, at 360 px in Korean and on a desktop in English; and each page's weight on a cold load
at 360 px, against a budget, with its time to interactive recorded beside it in
artifacts/page-budgets.json (recorded, not asserted: time depends on the machine)."""
from __future__ import annotations

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from pyhelpers.sprout_server import REPO_ROOT

WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, "resultTypes": ["violations"]}
PAGES = ["/", "/account", "/login", "/signup", "/docs", "/market", "/market/sell", "/market/mine", "/market/likes", "/lessons",
         "/lessons/list", "/lessons/community", "/lessons/hashtags", "/lessons/me", "/reading", "/reading/search", "/reading/stats",
         "/reading/timer", "/reading/settings"]
DETAILS = {"market product": ("/market", ".product-name a"), "lesson": ("/lessons/list", ".product-name a"), "book": ("/reading", "#books a")}
# HTML, stylesheets and scripts of one page; and everything with its images.
CODE_BUDGET = 100_000
TOTAL_BUDGET = 400_000
BUDGETS = REPO_ROOT / "artifacts" / "page-budgets.json"


@pytest.fixture(scope="module")
def demo_state(browser, server):
    context = browser.new_context(locale="ko-KR")
    page = context.new_page()
    page.goto(server.base_url + "/login")
    page.fill("form#login-form input[name=email]", "demo@sprout.local")
    page.fill("form#login-form input[name=password]", "sprout-demo")
    page.click("#login-submit")
    page.wait_for_url(server.base_url + "/")
    state = context.storage_state()
    context.close()
    return state


@pytest.fixture(scope="module")
def paths(browser, server, demo_state):
    """The fixed pages, one detail page of each app, the market product's seller and the report
    forms of the product and the lesson, as the demo account finds them."""
    context = browser.new_context(locale="ko-KR", storage_state=demo_state)
    page = context.new_page()
    found = list(PAGES)
    for name, (listing, link) in DETAILS.items():
        page.goto(server.base_url + listing)
        href = page.locator(link).first.get_attribute("href")
        assert href, f"the demo data has a {name}"
        found.append(href)
    page.goto(server.base_url + found[len(PAGES)])
    found.append(page.locator("#seller-link").get_attribute("href"))
    found += [found[len(PAGES)] + "/report", found[len(PAGES) + 1] + "/report"]  # the report forms of a product and a lesson
    context.close()
    return found


def open_signed_in(browser, state, locale: str, viewport: dict) -> Page:
    page = browser.new_context(locale=locale, viewport=viewport, storage_state=state).new_page()
    page.set_default_timeout(15_000)
    return page


@pytest.mark.parametrize("locale,viewport", [("ko-KR", {"width": 360, "height": 740}), ("en-US", {"width": 1280, "height": 800})],
                         ids=["ko-phone", "en-desktop"])
def test_every_main_page_passes_axe_wcag_aa(browser, server, demo_state, paths, locale, viewport):
    page = open_signed_in(browser, demo_state, locale, viewport)
    axe = Axe()
    found = {}
    for path in paths:
        page.goto(server.base_url + path)
        violations = axe.run(page, options=WCAG_AA).response["violations"]
        if violations:
            found[path] = [(v["id"], v["impact"], [node["target"] for node in v["nodes"][:3]]) for v in violations]
    page.context.close()
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)


def test_every_main_page_stays_within_its_weight_budget_on_a_phone(browser, server, demo_state, paths):
    measured = {}
    # /docs is the API reference for developers, every operation on one page; the budget is for
    # the pages people use the apps with.
    for path in [path for path in paths if path != "/docs"]:
        page = open_signed_in(browser, demo_state, "ko-KR", {"width": 360, "height": 740})
        page.goto(server.base_url + path, wait_until="load")
        measured[path] = page.evaluate("""() => {
            const navigation = performance.getEntriesByType("navigation")[0];
            const resources = performance.getEntriesByType("resource");
            const sum = (kinds) => resources.filter(r => kinds.includes(r.initiatorType)).reduce((total, r) => total + r.transferSize, 0);
            return {
                code_bytes: navigation.transferSize + sum(["link", "script"]),
                total_bytes: navigation.transferSize + resources.reduce((total, r) => total + r.transferSize, 0),
                requests: resources.length + 1,
                interactive_ms: Math.round(navigation.domInteractive),
            };
        }""")
        page.context.close()
    BUDGETS.parent.mkdir(parents=True, exist_ok=True)
    BUDGETS.write_text(json.dumps({"viewport": "360x740", "code_budget": CODE_BUDGET, "total_budget": TOTAL_BUDGET, "pages": measured}, indent=1))
    over = {path: m for path, m in measured.items() if m["code_bytes"] > CODE_BUDGET or m["total_bytes"] > TOTAL_BUDGET}
    assert not over, over
    assert all(m["code_bytes"] > 0 for m in measured.values()), "every page was measured"
