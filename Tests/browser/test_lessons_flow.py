"""All For Lesson in a real browser, on a phone, on a desktop and on a phone without scripts: a
teacher signs up, says they teach, opens a lesson with two photos and hashtags (after one refused
attempt); a student finds it by hashtag, bookmarks it, cancels and then pays in the sandbox
checkout, books the time the teacher opened on their week, and once that session has taken place
(the server's clock moved past it) writes a review; the teacher reads it under "reviews on my
lessons"."""
from __future__ import annotations

import re
import uuid
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from pyhelpers.browser_waits import wait_until
from pyhelpers.server_clock import ServerClock, at_seoul, seoul_day
from pyhelpers.sprout_server import NO_RATE_LIMITS, REPO_ROOT, start_server

IMAGES = REPO_ROOT / "Tests/Fixtures/images"
PHOTOS = [str(IMAGES / "exif-rotated.jpg"), str(IMAGES / "transparent.png")]

DEVICES = {
    "mobile": {"viewport": {"width": 360, "height": 740}, "java_script_enabled": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}, "java_script_enabled": True},
    # Every page must work for a browser that runs no script at all.
    "mobile-nojs": {"viewport": {"width": 360, "height": 740}, "java_script_enabled": False},
}
SHOT_DEVICES = {"mobile", "desktop"}

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


@pytest.fixture(scope="module")
def server_clock(tmp_path_factory):
    """The lessons server's clock: a review needs a session that has taken place, so the tests
    move it past the session booked (forward only; each device's test starts from where it is)."""
    return ServerClock(tmp_path_factory.mktemp("browser-lessons-clock") / "clock-offset")


@pytest.fixture(scope="module")
def lessons_server(tmp_path_factory, server_clock):
    """A server without demo data, so the only lessons are the ones these tests open."""
    started = start_server(tmp_path_factory.mktemp("browser-lessons"),
                           {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", **server_clock.env()})
    yield started
    started.stop()


@pytest.fixture
def korean_browser(browser):
    """Opens fresh ko-KR contexts; yields the opener, every URL requested and every script error."""
    contexts, requested, script_errors = [], [], []

    def open_page(device: dict) -> Page:
        context = browser.new_context(locale="ko-KR", **device)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("request", lambda request: requested.append(request.url))
        page.on("pageerror", lambda error: script_errors.append(str(error)))
        return page

    yield open_page, requested, script_errors
    for context in contexts:
        context.close()


def assert_fits_width(page: Page, where: str) -> None:
    """Nothing makes the page scroll sideways (the phone layout must fit 360 px)."""
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{where}: page is {widths[0]}px wide in a {widths[1]}px viewport"


def assert_image_loaded(page: Page, selector: str) -> None:
    image = page.locator(selector)
    expect(image).to_be_visible()
    wait_until(page, "(img) => img.complete", image.element_handle())
    assert image.evaluate("(img) => img.naturalWidth") > 0, f"{selector} ({image.get_attribute('src')}) did not load"


def submit_and_expect(page: Page, button: str, status: int) -> None:
    """Clicks a form's submit button and checks what the server answered the post with. With
    scripts a form with photos is sent in the background (app.js), without them it navigates; the
    post's answer is the same either way."""
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        page.click(button)
    response = answer.value
    assert response.status == status, f"POST {response.url} -> {response.status}: {response.text()[:300]!r}"


def sign_up(page: Page, base: str, name: str, email: str, password: str) -> None:
    page.goto(base + "/signup")
    for field, value in {"name": name, "email": email, "password": password}.items():
        page.fill(f"form#signup-form input[name={field}]", value)
    page.click("#signup-submit")
    page.wait_for_url(base + "/")


def log_out(page: Page, base: str) -> None:
    page.click("a#account-link")
    page.click("#logout")
    page.wait_for_url(base + "/")


@pytest.mark.parametrize("device", DEVICES)
def test_teacher_opens_student_finds_bookmarks_pays_and_reviews(korean_browser, lessons_server, server_clock, screenshot_dir, device):
    open_page, requested, script_errors = korean_browser
    page = open_page(DEVICES[device])
    base = lessons_server.base_url
    step = iter(range(1, 100))

    def shoot(name: str) -> None:
        assert_fits_width(page, name)
        if device in SHOT_DEVICES:
            page.screenshot(path=str(screenshot_dir / f"lessons-{device}-{next(step):02d}-{name}.png"), full_page=True)

    tag = uuid.uuid4().hex[:8]
    hashtag = f"첼로{tag}"
    teacher, teacher_email = f"김선생{tag}", f"teacher-{tag}@example.com"
    student, student_email = f"이학생{tag}", f"student-{tag}@example.com"
    password = f"pw-{tag}-secret"
    title = f"첼로 입문 {tag}"
    review = "활 쓰는 법을 차근차근 알려 주셨어요."

    # 1. The teacher signs up on the hub, opens All For Lesson from its tile and says they teach.
    sign_up(page, base, teacher, teacher_email, password)
    page.click('a.app-tile[data-app="lessons"]')
    page.wait_for_url(base + "/lessons")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    expect(page.locator("#categories .category-tile")).to_have_count(8)
    shoot("home-empty")
    nav_right = page.locator("#lessons-nav-me").evaluate("(link) => link.getBoundingClientRect().right")
    assert nav_right <= DEVICES[device]["viewport"]["width"], "every tab is visible without scrolling"
    page.click("#lessons-nav-me")
    page.wait_for_url(base + "/lessons/me")
    expect(page.locator("#role-teacher")).to_contain_text("선생님: 레슨 수강생을 찾고 있어요")
    shoot("role-choice")
    page.click("#role-teacher")
    page.wait_for_url(base + "/lessons/me")
    expect(page.locator("#my-role")).to_have_attribute("data-role", "teacher")
    expect(page.locator("#open-lesson")).to_be_visible()
    shoot("teacher-menu")

    # 2. Open a lesson: a missing title is refused next to its field and the rest stays typed.
    page.click("#open-lesson")
    page.wait_for_url(base + "/lessons/new")
    expect(page.locator("form#lesson-form")).to_have_attribute("enctype", "multipart/form-data")
    page.set_input_files("input#photos", PHOTOS)
    page.fill("input#price", "55000")
    page.select_option("select#instrument", "첼로")
    page.select_option("select#region", "부산")
    page.select_option("select#lesson_type", "취미")
    introduction = f"처음 첼로를 잡는 분을 위한 1:1 레슨이에요. #취미레슨 #{hashtag}"
    page.fill("textarea#introduction", introduction)
    submit_and_expect(page, "#lesson-submit", 400)
    expect(page.locator(".field:has(input#title) .field-error")).to_be_visible()
    expect(page.locator("input#title")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".field-error")).to_have_count(1)
    expect(page.locator("input#price")).to_have_value("55000")
    expect(page.locator("select#instrument")).to_have_value("첼로")
    expect(page.locator("select#region")).to_have_value("부산")
    expect(page.locator("textarea#introduction")).to_have_value(introduction)
    shoot("open-error")

    page.fill("input#title", title)
    if DEVICES[device]["java_script_enabled"]:
        assert page.evaluate("document.getElementById('photos').files.length") == len(PHOTOS), "the photos chosen are kept"
    else:
        page.set_input_files("input#photos", PHOTOS)  # without scripts a file input cannot be refilled
    submit_and_expect(page, "#lesson-submit", 303)
    page.wait_for_url(re.compile(re.escape(base) + r"/lessons/[0-9a-f]{24}$"))
    lesson_id = urlsplit(page.url).path.rsplit("/", 1)[1]
    lesson_url = f"{base}/lessons/{lesson_id}"
    expect(page.locator("h1#lesson-title")).to_have_text(title)
    expect(page.locator("#lesson-price")).to_have_text("55,000원")
    expect(page.locator(".gallery-thumbs a")).to_have_count(2)
    assert_image_loaded(page, "img#gallery-main")
    assert page.get_attribute("img#gallery-main", "src") == page.locator(".gallery-thumbs a").first.get_attribute("data-full"), \
        "the cover (the first photo) is shown first"
    expect(page.locator(f'#lesson-introduction a.hashtag:has-text("#{hashtag}")')).to_have_count(1)
    expect(page.locator("#edit-lesson")).to_be_visible()
    expect(page.locator("#apply-button")).to_have_count(0)
    shoot("opened")

    # The teacher opens a time on their week (Seoul time): two days from the server's now.
    session_start = at_seoul(server_clock.now() + timedelta(days=2), 10)
    session_end = session_start + timedelta(minutes=60)  # a lesson nobody described sells 60-minute sessions
    page.click("#schedule-link")
    page.wait_for_url(base + "/lessons/me/schedule")
    expect(page.locator("select#post_id")).to_have_value(lesson_id)
    page.fill("input#date", seoul_day(session_start))
    page.fill("input#time", "10:00")
    page.fill("input#repeat_weeks", "1")
    page.click("#open-slots-submit")
    page.wait_for_url(re.compile(re.escape(base) + r"/lessons/me/schedule\?week=.*opened=1"))
    expect(page.locator("#schedule-notice")).to_be_visible()
    opened = page.locator(f'.week-day[data-day="{seoul_day(session_start)}"] li.slot.open')
    expect(opened).to_have_count(1)
    expect(opened.locator("time.session-time")).to_have_text("10:00–11:00")
    shoot("schedule")
    log_out(page, base)

    # 3. A student signs up, says they learn, and finds the lesson by its hashtag from home.
    sign_up(page, base, student, student_email, password)
    page.goto(base + "/lessons/me")
    page.click("#role-student")
    page.wait_for_url(base + "/lessons/me")
    expect(page.locator("#payments-link")).to_be_visible()
    expect(page.locator("#open-lesson")).to_have_count(0)
    page.goto(base + "/lessons/new")
    expect(page.locator("#refusal-title")).to_contain_text("선생님만")
    page.goto(base + "/lessons")
    page.fill("input#lesson-search-input", "#" + hashtag)
    page.click("#lesson-search-submit")
    page.wait_for_url(re.compile(r"/lessons/hashtags\?tag="))
    expect(page.locator("#tab-lessons")).to_have_class(re.compile(r"\bcurrent\b"))
    cards = page.locator("#hashtag-results .lesson-card")
    expect(cards).to_have_count(1)
    expect(cards.first).to_have_attribute("data-id", lesson_id)
    assert_image_loaded(page, f'.lesson-card[data-id="{lesson_id}"] img')
    shoot("hashtag-lessons")
    page.click("#tab-community")
    expect(page.locator("#tab-community")).to_have_class(re.compile(r"\bcurrent\b"))
    expect(page.locator(f'[data-id="{lesson_id}"]')).to_have_count(0)
    shoot("hashtag-community")

    # The list's filters fold into a sheet, so the first lesson shows without scrolling; the
    # sheet opens (no script needed) and its choices apply.
    page.goto(base + "/lessons/list")
    expect(page.locator("#filter-sheet select#region")).to_be_hidden()
    first_top = page.locator("#lesson-list .lesson-card").first.evaluate("(card) => card.getBoundingClientRect().top")
    assert first_top < DEVICES[device]["viewport"]["height"], f"the first lesson starts at {first_top}px"
    shoot("list")
    page.click("#filter-sheet summary")
    page.select_option("select#region", "부산")
    # The action sits under the choices it applies, not above them.
    price_bottom = page.locator("select#price").evaluate("(select) => select.getBoundingClientRect().bottom")
    assert page.locator("#apply-filters").evaluate("(button) => button.getBoundingClientRect().top") >= price_bottom
    page.click("#apply-filters")
    page.wait_for_url(re.compile(r"region="))
    expect(page.locator("#filter-sheet summary")).to_have_text("필터 1개 적용 중")
    expect(page.locator(f'#lesson-list .lesson-card[data-id="{lesson_id}"]')).to_have_count(1)
    page.locator(f'.lesson-card[data-id="{lesson_id}"] .product-name a').click()
    page.wait_for_url(lesson_url)

    # 4. Bookmark it.
    bookmark = page.locator("#bookmark-button")
    expect(bookmark).to_have_attribute("aria-pressed", "false")
    scripted = DEVICES[device]["java_script_enabled"]
    if scripted:
        page.evaluate("window.notReloaded = true")
    bookmark.click()
    if not scripted:
        page.wait_for_url(lesson_url)  # without scripts the form posts and the page comes back
    expect(bookmark).to_have_attribute("aria-pressed", "true")
    if scripted:
        assert page.evaluate("window.notReloaded === true"), "the bookmark acted in place"
    expect(page.locator("#teacher-link")).to_have_text(f"{teacher} 선생님")
    shoot("detail-bookmarked")

    # 5. Apply: cancel once (nothing is recorded), then pay in the sandbox.
    page.click("#apply-button")
    page.wait_for_url(lesson_url + "/checkout")
    expect(page.locator("#checkout-amount")).to_have_text("55,000원")
    shoot("checkout")
    page.click("#cancel-button")
    page.wait_for_url(lesson_url + "?payment=cancelled")
    expect(page.locator("#lesson-notice")).to_contain_text("결제를 취소했어요")
    expect(page.locator("#apply-button")).to_be_visible()
    page.click("#apply-button")
    page.wait_for_url(lesson_url + "/checkout")
    page.click("#pay-button")
    page.wait_for_url(lesson_url + "?payment=paid")
    expect(page.locator("#lesson-notice")).to_contain_text("결제가 완료됐어요")
    expect(page.locator("#paid-state")).to_be_visible()
    expect(page.locator("#apply-button")).to_have_count(0)
    shoot("paid")

    # 6. Book the teacher's time from the enrolment page; no review before the session.
    expect(page.locator("#review-closed")).to_be_visible()
    expect(page.locator("form#review-form")).to_have_count(0)
    page.click("#enrolment-link")
    page.wait_for_url(re.compile(re.escape(base) + r"/lessons/enrolments/[0-9a-f]+$"))
    enrolment_url = page.url
    choices = page.locator("#book-form input.slot-choice")
    expect(choices).to_have_count(1)
    choices.first.check()
    page.click("#book-submit")
    page.wait_for_url(enrolment_url + "?done=booked")
    expect(page.locator("#enrolment-notice")).to_be_visible()
    booked = page.locator("#booking-list li.booking")
    expect(booked).to_have_count(1)
    expect(booked.first).to_have_attribute("data-state", "booked")
    shoot("booked")

    # The session takes place: the server's clock moves past its end. Then write a review.
    server_clock.move_to(session_end + timedelta(minutes=1))
    page.goto(enrolment_url)
    expect(page.locator("#booking-list li.booking").first).to_have_attribute("data-state", "taken")
    page.goto(lesson_url)
    page.fill("form#review-form textarea#content", review)
    page.click("label[for=rating-4]")
    expect(page.locator("label[for=rating-4]")).to_have_css("color", "rgb(184, 110, 0)")
    expect(page.locator("label[for=rating-5]")).not_to_have_css("color", "rgb(184, 110, 0)")
    page.click("#review-submit")
    page.wait_for_url(re.compile(re.escape(lesson_url) + r"#review-[0-9a-f]+$"))
    expect(page.locator("#review-list li")).to_have_count(1)
    expect(page.locator("#review-list li").first).to_contain_text(review)
    expect(page.locator("#review-list li .stars")).to_have_attribute("aria-label", "별점 5점 중 4점")
    expect(page.locator("#lesson-rating")).to_contain_text("4.0")
    expect(page.locator("#review-count")).to_contain_text("후기 1개")
    shoot("reviewed")

    # 7. The student's pages: paid lessons and bookmarks.
    page.goto(base + "/lessons/me")
    page.click("#payments-link")
    page.wait_for_url(base + "/lessons/me/payments")
    expect(page.locator(f'#paid-lessons li[data-id="{lesson_id}"]')).to_contain_text("55,000원")
    shoot("student-payments")
    page.goto(base + "/lessons/me")
    page.click("#bookmarks-link")
    page.wait_for_url(base + "/lessons/me/bookmarks")
    expect(page.locator(f'#bookmarked-lessons .lesson-card[data-id="{lesson_id}"]')).to_have_count(1)
    shoot("student-bookmarks")
    log_out(page, base)

    # 8. The teacher logs back in and reads the review under "reviews on my lessons".
    page.goto(base + "/login?next=/lessons/me")
    page.fill("form#login-form input[name=email]", teacher_email)
    page.fill("form#login-form input[name=password]", password)
    page.click("#login-submit")
    page.wait_for_url(base + "/lessons/me")
    page.click("#my-reviews-link")
    page.wait_for_url(base + "/lessons/me/reviews")
    reviews = page.locator("#my-lesson-reviews li")
    expect(reviews).to_have_count(1)
    expect(reviews.first).to_contain_text(review)
    expect(reviews.first).to_contain_text(student)
    expect(reviews.first.locator("a.review-lesson")).to_have_text(title)
    shoot("teacher-reviews")

    assert not script_errors, script_errors
    outside = [url for url in requested
               if not url.startswith(("data:", "blob:", "about:")) and urlsplit(url).hostname not in LOOPBACK]
    assert requested and not outside, outside
