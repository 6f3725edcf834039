"""ReadingHaracoon in a real browser, on a phone and on a desktop: find a book and shelve it, start the timer and
watch it count, reload and find it still counting, pause it from a second device, write a memo,
stop and see the day in the statistics, and bring a Goodreads export in."""
from __future__ import annotations

import re
import time
import uuid
from pathlib import Path

import pytest
import requests
from playwright.sync_api import Page, expect

from pyhelpers.browser_waits import wait_until
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server

PHOTO = Path(__file__).resolve().parents[1] / "Fixtures" / "images" / "exif-rotated.jpg"

VIEWPORTS = {
    "mobile": {"width": 360, "height": 740},
    "desktop": {"width": 1280, "height": 800},
}

GOODREADS = (
    "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,"
    "Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
    "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies\r\n"
    '1,아몬드,손원평,,,"=""""","=""9788936434595""",4,,창비,,264,,,2024/02/10,2024/02/01,,,read,,,,1,0\r\n'
    '2,Broken,A,,,"=""""","=""9788936434590""",0,,,,,,,,,,,to-read,,,,0,0\r\n'
)


@pytest.fixture(scope="module")
def reading_server(tmp_path_factory):
    """A server without demo data whose catalogue knows one book, shelved by another reader."""
    started = start_server(tmp_path_factory.mktemp("browser-reading"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"})
    joined = requests.post(f"{started.base_url}/api/auth/join", json={
        "email": "first-reader@example.com", "password": "first-reader-pw", "name": "first"}, timeout=30)
    token = joined.json()["accessToken"]
    shelved = requests.post(f"{started.base_url}/api/reading/library", headers={"Authorization": f"Bearer {token}"}, timeout=30,
                            json={"isbn13": "9788936434816", "title": "채식주의자", "author": "한강", "publisher": "창비", "pages": 247})
    assert shelved.status_code == 201, shelved.text
    yield started
    started.stop()


def seconds_shown(page: Page) -> int:
    hours, minutes, seconds = (int(part) for part in page.locator("#timer-count").inner_text().split(":"))
    return hours * 3600 + minutes * 60 + seconds


def log_in(page: Page, base: str, email: str, password: str) -> None:
    page.goto(base + "/login")
    page.fill("form#login-form input[name=email]", email)
    page.fill("form#login-form input[name=password]", password)
    page.click("#login-submit")
    page.wait_for_url(base + "/")


def assert_fits_width(page: Page, where: str) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{where}: page is {widths[0]}px wide in a {widths[1]}px viewport"


# The width a field's placeholder needs, in the field's own font, beside the room inside its padding.
PLACEHOLDER_AND_ROOM = """(selector) => {
    const field = document.querySelector(selector);
    const style = getComputedStyle(field);
    const canvas = document.createElement('canvas').getContext('2d');
    canvas.font = style.font;
    return [canvas.measureText(field.placeholder).width,
            field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)];
}"""


@pytest.mark.parametrize("locale", ["ko-KR", "en-US"])
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_shelf_search_shows_its_whole_hint(browser, reading_server, viewport, locale):
    context = browser.new_context(locale=locale, viewport=VIEWPORTS[viewport])
    page = context.new_page()
    tag = uuid.uuid4().hex[:8]
    try:
        page.goto(reading_server.base_url + "/signup")
        for field, value in {"name": f"검색{tag}", "email": f"hint-{tag}@example.com", "password": f"pw-{tag}-secret"}.items():
            page.fill(f"form#signup-form input[name={field}]", value)
        page.click("#signup-submit")
        page.wait_for_url(reading_server.base_url + "/")
        page.goto(reading_server.base_url + "/reading")
        needed, room = page.evaluate(PLACEHOLDER_AND_ROOM, "#reading-search")
        assert needed <= room, f"the hint needs {needed:.0f}px and has {room:.0f}px"
        assert_fits_width(page, "shelf")
    finally:
        context.close()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_add_time_memo_and_count_a_book(browser, reading_server, screenshot_dir, tmp_path, viewport, phone_photo):
    base = reading_server.base_url
    phone = browser.new_context(locale="ko-KR", viewport=VIEWPORTS[viewport])
    tablet = browser.new_context(locale="ko-KR", viewport=VIEWPORTS["desktop"])
    script_errors: list[str] = []
    page = phone.new_page()
    page.set_default_timeout(10_000)
    page.on("pageerror", lambda error: script_errors.append(str(error)))
    step = iter(range(1, 100))

    def shoot(name: str) -> None:
        assert_fits_width(page, name)
        page.screenshot(path=str(screenshot_dir / f"reading-{viewport}-{next(step):02d}-{name}.png"), full_page=True)

    tag = uuid.uuid4().hex[:8]
    email, password = f"reader-{tag}@example.com", f"pw-{tag}-secret"
    title = "채식주의자"
    try:
        page.goto(base + "/signup")
        for field, value in {"name": f"독서가{tag}", "email": email, "password": password}.items():
            page.fill(f"form#signup-form input[name={field}]", value)
        page.click("#signup-submit")
        page.wait_for_url(base + "/")

        # 1. An empty shelf, then a book found in the catalogue and shelved in one tap.
        page.goto(base + "/reading")
        expect(page.locator("#reading-empty")).to_be_visible()
        page.click("#reading-nav-search")
        expect(page.locator("#bestsellers")).to_contain_text("채식주의자")
        page.fill("input#catalog-q", "채식")
        page.click("form#catalog-search button[type=submit]")
        expect(page.locator("#result-count")).to_have_text("검색 결과 1권")
        shoot("search")
        page.click("#results li form button")
        page.wait_for_url(re.compile(r"/reading/books/[0-9a-f]{24}$"))
        expect(page.locator("#book-title")).to_have_text(title)
        book_url = page.url

        # 2. The timer counts in the page, and keeps its count across a reload.
        page.click("#timer form[data-timer-action=start] button")
        page.wait_for_url(book_url)
        expect(page.locator("#timer-count")).to_have_attribute("data-state", "running")
        first = seconds_shown(page)
        page.wait_for_timeout(2_200)
        ticked = seconds_shown(page)
        assert ticked >= first + 2, (first, ticked)
        page.reload()
        assert seconds_shown(page) >= ticked, "the server kept counting while the page was away"
        shoot("timer-running")

        # 3. Another device sees the same timer and pauses it; the phone shows that on reload.
        other = tablet.new_page()
        other.set_default_timeout(10_000)
        log_in(other, base, email, password)
        other.goto(base + "/reading/timer")
        expect(other.locator("#timer-count")).to_have_attribute("data-state", "running")
        expect(other.locator(".timer-book")).to_have_text(title)
        other.click("#timer form[data-timer-action=pause] button")
        expect(other.locator("#timer-count")).to_have_attribute("data-state", "paused")
        paused_at = seconds_shown(other)
        page.reload()
        expect(page.locator("#timer-count")).to_have_attribute("data-state", "paused")
        page.wait_for_timeout(1_200)
        assert seconds_shown(page) == paused_at, "a paused timer stands still"

        # 4. A memo with a page past the book's end is refused beside the field, then saved.
        page.fill("textarea#text", "나무가 되고 싶은 사람의 이야기")
        page.fill("input#page", "300")
        page.click("form#memo-form button[type=submit]")
        expect(page.locator("form#memo-form .field-error")).to_contain_text("247쪽")
        expect(page.locator("textarea#text")).to_have_value("나무가 되고 싶은 사람의 이야기")
        page.fill("input#page", "12")
        # A phone's photo is shrunk in the browser before it leaves, as the market's and lessons' are.
        posted: list[int] = []
        page.on("request", lambda request: posted.append(len(request.post_data_buffer or b""))
                if request.method == "POST" and request.url.endswith("/memos") else None)
        page.set_input_files("input#memo-photo", str(phone_photo))
        page.click("form#memo-form button[type=submit]")
        # Shrinking a 12-megapixel photo and the pipeline's work take seconds on a busy two-core
        # machine (CI saw more than the default five): the wait is the upload's, not a retry.
        expect(page.locator("#memo-list li")).to_have_count(1, timeout=20_000)
        assert posted and max(posted) < phone_photo.stat().st_size / 2, (posted, phone_photo.stat().st_size)
        expect(page.locator("#memo-list .memo-page")).to_have_text("12쪽")
        expect(page.locator("#memo-list img.memo-photo")).to_have_count(1)
        # The photo loads (an <img> that failed ends complete with no width; one still loading is waited for).
        wait_until(page, "() => document.querySelector('#memo-list img.memo-photo').complete")
        width = page.evaluate("() => document.querySelector('#memo-list img.memo-photo').naturalWidth")
        assert 0 < width <= 2048, f"the photo loads, at most the 2,048 px the server keeps: {width}"
        shoot("book-with-memo")

        # 5. Stop: the session lands on today in the statistics, drawn as SVG by the server.
        page.click("#timer form[data-timer-action=stop] button")
        # The stop comes back to the book saying what it recorded.
        page.wait_for_url(re.compile(re.escape(book_url) + r"\?recorded=\d+"))
        expect(page.locator("#timer form[data-timer-action=start]")).to_be_visible()
        page.goto(base + "/reading/stats")
        expect(page.locator("svg#month-chart rect")).to_have_count(12)
        expect(page.locator("#calendar .day.level-4")).to_have_count(1)
        shoot("stats")

        # 6. A Goodreads export: one book taken, one skipped with its reason.
        export = tmp_path / "goodreads_library_export.csv"
        export.write_bytes(GOODREADS.encode())
        page.goto(base + "/reading/transfer")
        page.set_input_files("input#file", str(export))
        page.click("form#import-form button[type=submit]")
        expect(page.locator("#import-report")).to_contain_text("1권을 가져오고 1권을 건너뛰었어요.")
        expect(page.locator("#skipped li")).to_contain_text("ISBN13")
        shoot("import")
        page.goto(base + "/reading?status=read")
        expect(page.locator("#books li")).to_have_count(1)
        expect(page.locator("#books li .book-title")).to_have_text("아몬드")
        shoot("shelf")

        # 7. Every shelf, thickest first: choosing the order applies it at once.
        page.goto(base + "/reading")
        page.select_option("select#reading-sort", "pages")
        page.wait_for_url(re.compile(r"sort=pages"))
        expect(page.locator("#books li .book-title")).to_have_text(["아몬드", "채식주의자"])
        expect(page.locator("select#reading-sort")).to_have_value("pages")
        assert script_errors == []
    finally:
        phone.close()
        tablet.close()


def test_the_book_page_works_offline_and_sends_a_queued_memo_when_back(browser, reading_server, tmp_path):
    """The service worker shows the kept page without a connection, keeps a memo written offline,
    and sends it when the connection is back."""
    base = reading_server.base_url
    tag = uuid.uuid4().hex[:8]
    email, password = f"offline-{tag}@example.com", f"pw-{tag}-secret"
    joined = requests.post(f"{base}/api/auth/join", json={"email": email, "password": password, "name": f"offline{tag}"}, timeout=30)
    api = {"Authorization": f"Bearer {joined.json()['accessToken']}"}
    book = requests.post(f"{base}/api/reading/library", headers=api, json={"title": f"오프라인 {tag}", "pages": 100}, timeout=30).json()

    context = browser.new_context(locale="ko-KR", viewport=VIEWPORTS["mobile"])
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        log_in(page, base, email, password)
        page.goto(f"{base}/reading/books/{book['id']}")
        wait_until(page, "() => navigator.serviceWorker.controller !== null")
        page.reload()

        context.set_offline(True)
        page.reload()
        expect(page.locator("#book-title")).to_have_text(f"오프라인 {tag}")
        page.fill("textarea#text", "지하철에서 쓴 메모")
        page.fill("input#page", "7")
        page.set_input_files("input#memo-photo", str(PHOTO))
        page.click("form#memo-form button[type=submit]")
        expect(page.locator("#offline-queued")).to_be_visible()
        memos = f"{base}/api/reading/library/{book['id']}/memos"
        assert requests.get(memos, headers=api, timeout=30).json()["total"] == 0, "nothing left while offline"

        context.set_offline(False)
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        expect(page.locator("#memo-list li")).to_have_count(1)
        sent = requests.get(memos, headers=api, timeout=30).json()["memos"]
        assert [(m["text"], m["page"]) for m in sent] == [("지하철에서 쓴 메모", 7)]
        photo = requests.get(base + sent[0]["photo"], timeout=30)
        assert photo.status_code == 200 and photo.headers["Content-Type"].startswith("image/"), "the photo kept offline arrives whole"

        # Signing out drops the kept pages, the queue and the worker, so the next person on this
        # browser sees none of the pages and sends nothing as the one who left.
        assert page.evaluate("async () => (await caches.keys()).length") > 0
        page.click("a#account-link")
        page.click("#logout")
        page.wait_for_url(f"{base}/")
        assert page.evaluate("async () => (await caches.keys()).length") == 0
        assert page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).length") == 0
    finally:
        context.close()


def test_the_shelves_a_book_the_timer_and_statistics_open_offline_after_one_visit(browser, reading_server):
    """One visit to the shelves is enough: the worker's scope covers `/reading` itself, and it keeps
    the pages one tap away, so each opens without a connection (not Chromium's error page); a status
    changed offline reaches the server when the connection is back."""
    base = reading_server.base_url
    tag = uuid.uuid4().hex[:8]
    email, password = f"away-{tag}@example.com", f"pw-{tag}-secret"
    joined = requests.post(f"{base}/api/auth/join", json={"email": email, "password": password, "name": f"away{tag}"}, timeout=30)
    api = {"Authorization": f"Bearer {joined.json()['accessToken']}"}
    book = requests.post(f"{base}/api/reading/library", headers=api, json={"title": f"비행기 {tag}", "pages": 120, "status": "reading"}, timeout=30).json()

    context = browser.new_context(locale="ko-KR", viewport=VIEWPORTS["mobile"])
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        log_in(page, base, email, password)
        page.goto(f"{base}/reading")
        wait_until(page, "() => navigator.serviceWorker.controller !== null")
        kept = ["/reading", "/reading?status=reading", "/reading?status=read", "/reading/timer", "/reading/stats", f"/reading/books/{book['id']}"]
        # Kept in the background, after the page has drawn: wait until every page is.
        cached_paths = ("async () => { const out = []; for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) "
                        "out.push(new URL(r.url).pathname + new URL(r.url).search); return out; }")
        for _ in range(100):
            if set(kept) <= set(page.evaluate(cached_paths)):
                break
            page.wait_for_timeout(100)
        assert set(kept) <= set(page.evaluate(cached_paths)), page.evaluate(cached_paths)

        context.set_offline(True)
        page.reload()
        expect(page.locator("#books li")).to_have_count(1)
        for path, shown in [("/reading?status=reading", "#books li"), ("/reading?status=read", "#reading-empty"),
                            ("/reading/timer", "#timer-start"), ("/reading/stats", "#totals"), (f"/reading/books/{book['id']}", "#book-title")]:
            page.goto(base + path)
            assert page.locator("#offline").count() == 0, f"{path}: the offline page, not the kept one"
            expect(page.locator(shown).first).to_be_visible()
        expect(page.locator("#book-title")).to_have_text(f"비행기 {tag}")

        page.click("label[for=status-read]")
        expect(page.locator("#offline-queued")).to_be_visible()
        assert requests.get(f"{base}/api/reading/library/{book['id']}", headers=api, timeout=30).json()["status"] == "reading"

        context.set_offline(False)
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        wait_until(page, "() => !location.search.includes('offline=queued')")
        assert requests.get(f"{base}/api/reading/library/{book['id']}", headers=api, timeout=30).json()["status"] == "read"
    finally:
        context.close()


def test_a_worker_kept_from_before_at_reading_slash_is_let_go(browser, reading_server):
    """Before, the worker was registered at its default scope, /reading/, which would go on
    answering the pages below it beside the one at /reading: a reading page unregisters it."""
    base = reading_server.base_url
    tag = uuid.uuid4().hex[:8]
    email, password = f"before-{tag}@example.com", f"pw-{tag}-secret"
    requests.post(f"{base}/api/auth/join", json={"email": email, "password": password, "name": f"before{tag}"}, timeout=30)
    context = browser.new_context(locale="ko-KR", viewport=VIEWPORTS["mobile"])
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        log_in(page, base, email, password)
        page.evaluate("async () => { await navigator.serviceWorker.register('/reading/sw.js'); }")
        scopes = "async () => (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname).sort()"
        assert "/reading/" in page.evaluate(scopes)
        page.goto(f"{base}/reading/timer")
        for _ in range(50):
            if "/reading/" not in page.evaluate(scopes):
                break
            page.wait_for_timeout(100)
        assert page.evaluate(scopes) == ["/reading"]
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["ko-KR", "en-US"])
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_shelf_fills_the_width_and_status_and_rating_save_when_chosen(browser, reading_server, screenshot_dir, viewport, locale):
    """A desktop's shelf holds many covers a row, a phone's three; a book's status and rating are
    segmented buttons and stars that save when chosen, and with scripts off Save sends them; the
    year's chart labels its months at a readable size and shows each month's hours."""
    base = reading_server.base_url
    tag = uuid.uuid4().hex[:8]
    email, password = f"wide-{tag}@example.com", f"pw-{tag}-secret"
    joined = requests.post(f"{base}/api/auth/join", json={"email": email, "password": password, "name": f"wide{tag}"}, timeout=30)
    api = {"Authorization": f"Bearer {joined.json()['accessToken']}"}
    books = [requests.post(f"{base}/api/reading/library", headers=api, json={"title": f"책 {n} {tag}", "author": "저자", "pages": 100 + n}, timeout=30).json()
             for n in range(8)]
    book = books[0]
    requests.post(f"{base}/api/reading/timer/start", headers=api, json={"book_id": book["id"]}, timeout=30)
    time.sleep(1.1)
    requests.post(f"{base}/api/reading/timer/stop", headers=api, timeout=30)
    name = f"reading-wide-{viewport}-{locale[:2]}"
    language = locale[:2]

    context = browser.new_context(locale=locale, viewport=VIEWPORTS[viewport])
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        log_in(page, base, email, password)
        page.goto(f"{base}/language/{language}?next=/reading")
        expect(page.locator("#books li")).to_have_count(8)
        tops = page.evaluate("() => [...document.querySelectorAll('#books li')].map((li) => Math.round(li.getBoundingClientRect().top))")
        per_row = tops.count(tops[0])
        assert per_row == 3 if viewport == "mobile" else per_row >= 6, f"{per_row} covers a row at {VIEWPORTS[viewport]['width']} px"
        assert_fits_width(page, "shelf")
        page.screenshot(path=str(screenshot_dir / f"{name}-shelf.png"), full_page=True)

        page.goto(f"{base}/reading/books/{book['id']}")
        expect(page.locator("form#status-form .save-button")).to_be_hidden()
        page.click("label[for=status-read]")
        expect(page.locator("#status-read")).to_be_checked()
        page.click("label[for=rating-4]")
        expect(page.locator("#rating-4")).to_be_checked()
        saved = requests.get(f"{base}/api/reading/library/{book['id']}", headers=api, timeout=30).json()
        assert (saved["status"], saved["rating"]) == ("read", 4)
        lit = page.evaluate("() => [...document.querySelectorAll('#rating-choices label.star')].map((l) => getComputedStyle(l).color)")
        assert len(set(lit[:4])) == 1 and lit[3] != lit[4], f"four stars lit, the fifth not: {lit}"
        title_width = page.evaluate("() => document.querySelector('.book-head .drawn-title').getBoundingClientRect().width")
        assert title_width > 60, f"the drawn cover's title has {title_width} px"
        target = page.evaluate("() => { const r = document.querySelector('label[for=status-reading]').getBoundingClientRect(); return [r.width, r.height]; }")
        assert min(target) >= 44, f"a status is a 44 px target: {target}"
        assert_fits_width(page, "book")
        page.screenshot(path=str(screenshot_dir / f"{name}-book.png"), full_page=True)

        page.goto(f"{base}/reading/stats")
        sizes = page.evaluate("() => [...document.querySelectorAll('#month-chart text:not(.value)')].map((t) => t.getBoundingClientRect().height)")
        assert len(sizes) == 12 and all(8 <= size <= 20 for size in sizes), f"month labels drawn {sizes} px tall"
        expect(page.locator("#month-chart text.value")).to_have_count(1)
        expect(page.locator("#month-chart text.value")).to_have_text("0.1")
        assert_fits_width(page, "stats")
        page.screenshot(path=str(screenshot_dir / f"{name}-stats.png"), full_page=True)

        page.goto(f"{base}/reading/search?q=" + "없는 책 " + tag)
        page.click("#add-by-hand")
        expect(page.locator("input#title")).to_have_value("없는 책 " + tag)
        page.screenshot(path=str(screenshot_dir / f"{name}-add-by-hand.png"), full_page=True)
    finally:
        context.close()

    # Without scripts the choices are a form: Save sends them.
    plain = browser.new_context(locale=locale, viewport=VIEWPORTS[viewport], java_script_enabled=False)
    try:
        page = plain.new_page()
        page.set_default_timeout(10_000)
        log_in(page, base, email, password)
        page.goto(f"{base}/reading/books/{book['id']}")
        page.click("label[for=status-reading]")
        page.click("label[for=rating-0]")
        page.click("form#status-form .save-button")
        page.wait_for_load_state()
        saved = requests.get(f"{base}/api/reading/library/{book['id']}", headers=api, timeout=30).json()
        assert (saved["status"], saved["rating"]) == ("reading", 0)
    finally:
        plain.close()
