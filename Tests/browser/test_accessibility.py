"""What every page owes a reader, measured in a real browser: contrast of the main buttons,
Korean line breaks between words, a skip link, and touch targets of a usable height."""
from __future__ import annotations

import pytest


def relative_luminance(rgb: str) -> float:
    channels = [int(part) / 255 for part in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(foreground: str, background: str) -> float:
    lighter, darker = sorted((relative_luminance(foreground), relative_luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@pytest.fixture
def page(browser, server):
    context = browser.new_context(locale="ko-KR", viewport={"width": 360, "height": 740})
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize("path", ["/login", "/signup", "/lessons", "/market"])
def test_buttons_are_aa_and_korean_breaks_between_words(page, server, path):
    page.goto(server.base_url + path)
    assert page.evaluate("getComputedStyle(document.body).wordBreak") == "keep-all"
    for button in page.locator("main button, main .button:not(.secondary)").all()[:5]:
        colors = button.evaluate("b => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]")
        if colors[1].endswith(", 0)") or colors[1] == "rgba(0, 0, 0, 0)":
            continue  # a transparent button is text on the page's background
        assert contrast(*colors) >= 4.5, (path, colors)


def test_the_skip_link_comes_first_and_lands_on_the_content(page, server):
    page.goto(server.base_url + "/")
    page.keyboard.press("Tab")
    focused = page.evaluate("[document.activeElement.className, document.activeElement.getAttribute('href')]")
    assert focused == ["skip-link", "#main"]
    assert page.locator("a.skip-link").bounding_box()["y"] >= 0, "it shows when focused"
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#main"


def test_the_language_links_are_tall_enough_to_tap(page, server):
    page.goto(server.base_url + "/")
    links = page.locator("header .language-link").all()
    assert len(links) == 1
    for link in links:
        assert link.bounding_box()["height"] >= 44


def test_every_page_has_an_icon_and_the_market_a_heading(page, server):
    page.goto(server.base_url + "/market?page=999")
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    assert page.request.get(server.base_url + icon).headers["content-type"] == "image/svg+xml"
    assert page.request.get(server.base_url + "/favicon.ico").status == 200
    assert page.locator("h1").count() == 1
    assert "상품 " not in page.locator("#product-count").inner_text(), "a page past the end counts nothing"
    assert page.locator("#first-page").get_attribute("href").startswith("/market?page=1")
