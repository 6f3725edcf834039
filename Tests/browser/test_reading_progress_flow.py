"""ReadingHaracoon's journey from finding the book to logging it, in a real browser, in Korean on a
360 px phone and in English on a desktop: search 해리포터, which the local catalogue lacks, find it
through an outside catalogue (a local fake of Google Books) with its publisher and pages, shelve
it, log progress twice and see the timeline and the shelf's bar, then change a status with no
connection, see it waiting, and see it land when the connection is back."""
from __future__ import annotations

import re
import uuid

import pytest
import requests
from playwright.sync_api import Page, expect

from pyhelpers.browser_waits import wait_until
from pyhelpers.fake_google_books import start_fake_google_books
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server

VIEWPORTS = {
    "mobile": {"width": 360, "height": 740},
    "desktop": {"width": 1280, "height": 800},
}

WORDS = {
    "ko": {"pending": "대기 중 · 온라인이 되면 저장돼요", "gain": "+60쪽", "first_gain": "+40쪽", "position": "100 / 352쪽 · 28%",
           "stopped": "1분 미만 기록했어요", "add": "서재에 담기"},
    "en": {"pending": "Pending — saves when online", "gain": "+60 pages", "first_gain": "+40 pages", "position": "p. 100 of 352 · 28%",
           "stopped": "Recorded less than a minute", "add": "Add to my books"},
}


HARRY_POTTER = "9788983920683"


@pytest.fixture(scope="module")
def progress_server(tmp_path_factory):
    google = start_fake_google_books()
    started = start_server(tmp_path_factory.mktemp("browser-reading-progress"),
                           {**NO_RATE_LIMITS, **google.environment(), "SPROUT_DEMO_DATA": "false"})
    yield started
    started.stop()
    google.stop()


def log_in(page: Page, base: str, email: str, password: str) -> None:
    page.goto(base + "/login")
    page.fill("form#login-form input[name=email]", email)
    page.fill("form#login-form input[name=password]", password)
    page.click("#login-submit")
    page.wait_for_url(base + "/")


def assert_fits_width(page: Page, where: str) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{where}: page is {widths[0]}px wide in a {widths[1]}px viewport"


@pytest.mark.parametrize("locale, viewport", [("ko-KR", "mobile"), ("en-US", "desktop")])
def test_progress_twice_then_a_status_changed_offline_waits_and_lands(browser, progress_server, screenshot_dir, locale, viewport):
    base = progress_server.base_url
    language = locale[:2]
    words = WORDS[language]
    tag = uuid.uuid4().hex[:8]
    email, password = f"progress-{tag}@example.com", f"pw-{tag}-secret"
    joined = requests.post(f"{base}/api/auth/join", json={"email": email, "password": password, "name": f"progress{tag}"}, timeout=30)
    api = {"Authorization": f"Bearer {joined.json()['accessToken']}"}

    context = browser.new_context(locale=locale, viewport=VIEWPORTS[viewport])
    script_errors: list[str] = []
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: script_errors.append(str(error)))
        log_in(page, base, email, password)
        page.goto(f"{base}/language/{language}?next=/reading/search")
        page.wait_for_url(f"{base}/reading/search")
        shot = f"reading-progress-{viewport}-{language}"

        # 0. The book the local catalogue lacks comes from the outside one, shelved in one tap with
        # its publisher and pages, and the page lets its cover in.
        page.fill("input[name=q]", "해리포터")
        page.keyboard.press("Enter")
        found = page.locator(f"li[data-isbn='{HARRY_POTTER}']")
        expect(found.locator(".book-title")).to_have_text("해리 포터와 마법사의 돌")
        expect(found.locator(".book-author")).to_have_text("J.K. 롤링 · 문학수첩")
        assert_fits_width(page, "search")
        page.screenshot(path=str(screenshot_dir / f"{shot}-search.png"), full_page=True)
        with page.expect_navigation():
            found.get_by_role("button", name=words["add"]).click()
        book_id = re.search(r"/reading/books/([^/?#]+)", page.url).group(1)
        book_url = f"{base}/reading/books/{book_id}"
        book = requests.get(f"{base}/api/reading/library/{book_id}", headers=api, timeout=30).json()
        assert (book["title"], book["pages"], book["isbn13"]) == ("해리 포터와 마법사의 돌", 352, HARRY_POTTER), book
        expect(page.locator("#book-title")).to_have_text("해리 포터와 마법사의 돌")
        policy = requests.get(book_url, cookies={c["name"]: c["value"] for c in context.cookies()}, timeout=30).headers["Content-Security-Policy"]
        assert "https://books.google.com" in policy, policy
        page.goto(book_url)

        # 1. Progress twice: the timeline lists both, newest first, with the pages read since the one before.
        expect(page.locator("#progress-empty")).to_be_visible()
        for typed in ["40", "100"]:
            page.fill("#progress-page", typed)
            page.click("form#progress-form button[type=submit]")
            page.wait_for_url(re.compile(re.escape(book_url) + r"#progress$"))
        expect(page.locator("#progress-timeline li")).to_have_count(2)
        expect(page.locator("#progress-timeline li").first.locator(".progress-gain")).to_have_text(words["gain"])
        expect(page.locator("#progress-timeline li").last.locator(".progress-gain")).to_have_text(words["first_gain"])
        expect(page.locator("#progress-position")).to_have_text(words["position"])
        assert page.locator("#progress progress.reading-progress").get_attribute("value") == "28"
        assert_fits_width(page, "book")
        page.screenshot(path=str(screenshot_dir / f"{shot}-timeline.png"), full_page=True)

        # 2. The shelf shows the book being read with its bar.
        page.goto(f"{base}/reading")
        card = page.locator(f"#books li[data-id='{book_id}']")
        expect(card.locator("progress.reading-progress")).to_have_attribute("value", "28")
        expect(card.locator(".shelf-percent")).to_have_text("28%")
        assert_fits_width(page, "shelf")
        page.screenshot(path=str(screenshot_dir / f"{shot}-shelf.png"), full_page=True)

        # 3. A short timed stop says what it stored: less than a minute, not a minute and not nothing.
        page.goto(book_url)
        page.click("#timer form[data-timer-action=start] button")
        page.wait_for_url(book_url)
        page.wait_for_timeout(1_200)
        page.click("#timer form[data-timer-action=stop] button")
        expect(page.locator("#timer-recorded")).to_have_text(words["stopped"])

        # 4. With the kept pages (the worker controls them after one visit), a status changed
        # offline shows as waiting, on the book and on its card, and lands when back online.
        page.goto(book_url)
        wait_until(page, "() => navigator.serviceWorker.controller !== null")
        page.reload()
        page.goto(f"{base}/reading")
        page.goto(book_url)
        context.set_offline(True)
        page.reload()
        expect(page.locator("#book-title")).to_have_text("해리 포터와 마법사의 돌")
        page.click("label[for=status-read]")
        expect(page.locator("#offline-queued")).to_be_visible()
        expect(page.locator("#status-form .pending-note")).to_have_text(words["pending"])
        expect(page.locator("#status-read")).to_be_checked()
        assert requests.get(f"{base}/api/reading/library/{book_id}", headers=api, timeout=30).json()["status"] == "reading"
        assert_fits_width(page, "pending")
        page.screenshot(path=str(screenshot_dir / f"{shot}-pending.png"), full_page=True)
        page.goto(f"{base}/reading")
        expect(page.locator(f"#books li[data-id='{book_id}'] .pending-note")).to_have_text(words["pending"])

        context.set_offline(False)
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        expect(page.locator(".pending-note")).to_have_count(0)
        assert requests.get(f"{base}/api/reading/library/{book_id}", headers=api, timeout=30).json()["status"] == "read"
        page.goto(book_url)
        expect(page.locator("#status-read")).to_be_checked()
        expect(page.locator(".pending-note")).to_have_count(0)
        assert script_errors == []
    finally:
        context.close()
