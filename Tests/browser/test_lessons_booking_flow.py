"""Lessons booked on the web, end to end, with two people side by side: the teacher on a phone
(360 px, Korean, in Seoul) and the student on a desktop (1280×800, English, in London).

The teacher describes the lesson (4 sessions of 60 minutes in person in 서울 강남구 역삼동, a
curriculum, a 10% refund fee and a 24-hour free window) and opens a week of times, one repeated
weekly. The student reads the terms on the lesson and again at checkout, pays in the sandbox,
books two sessions, moves one and cancels the other; the teacher's open enrolment page follows
each change live, the teacher is notified by the student's name, and the lesson's conversation
has a line for each. The calendar feed is valid iCalendar with the booked time and the cancelled
one marked so. The server's clock is then moved (SPROUT_CLOCK_OFFSET_FILE): half an hour before
the session both are reminded; after it, the student ends the enrolment and is refunded what the
terms say. axe finds nothing on the terms, schedule and enrolment pages."""
from __future__ import annotations

import json
import re
import time
import uuid
from datetime import datetime, timedelta, timezone

import icalendar
import pytest
import requests
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from pyhelpers.browser_waits import wait_until
from pyhelpers.server_clock import SEOUL, ServerClock, at_seoul, seoul_day
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server

WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, "resultTypes": ["violations"]}
PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "ko-KR", "timezone_id": "Asia/Seoul"}
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "locale": "en-US", "timezone_id": "Europe/London"}

PRICE = 55_555
SESSIONS = 4
FEE_PERCENT = 10
CURRICULUM = ["활 잡는 법과 개방현", "D장조 음계", "스즈키 1권 1~3곡", "작은 발표회"]
# Opened on next week's days (Seoul time): Tuesday's is repeated the week after.
OPENINGS = [("tue", 1, "10:00", 2), ("wed", 2, "11:00", 1), ("thu", 3, "19:00", 1), ("fri", 4, "20:00", 1), ("sat", 5, "09:00", 1)]


@pytest.fixture
def clock(tmp_path):
    return ServerClock(tmp_path / "clock-offset")


@pytest.fixture
def booking_server(tmp_path, clock):
    """Its own server: its clock is moved, and reminders are looked for every second."""
    (tmp_path / "server").mkdir()
    started = start_server(tmp_path / "server", {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false",
                                                 "SPROUT_LESSON_REMINDER_SECONDS": "1", **clock.env()})
    yield started
    started.stop()


def wire(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def assert_no_sideways_scroll(page: Page, where: str) -> None:
    widths = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{where}: {widths[0]}px wide in a {widths[1]}px viewport"


def assert_axe_clean(page: Page, where: str) -> None:
    violations = Axe().run(page, options=WCAG_AA).response["violations"]
    found = [(v["id"], v["impact"], [node["target"] for node in v["nodes"][:3]]) for v in violations]
    assert not found, f"{where}: " + json.dumps(found, ensure_ascii=False)


def badge_count(page: Page) -> int:
    return page.evaluate("""() => {
        const badge = document.getElementById("notifications-badge");
        return !badge || badge.hidden ? 0 : parseInt(badge.textContent, 10);
    }""")


def wait_live(page: Page) -> None:
    """The page's event stream is open (conversations.js), and a flag shows it is not reloaded."""
    wait_until(page, "() => document.documentElement.dataset.live === 'true'", timeout=10)
    page.evaluate("window.notReloaded = true")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("window.notReloaded === true"), "the page changed in place, without a reload"


def sign_up(page: Page, base: str, name: str, email: str, password: str, role: str) -> None:
    page.goto(base + "/signup")
    for field, value in {"name": name, "email": email, "password": password}.items():
        page.fill(f"form#signup-form input[name={field}]", value)
    page.click("#signup-submit")
    page.wait_for_url(base + "/")
    page.goto(base + "/lessons/me")
    page.click(f"#role-{role}")
    page.wait_for_url(base + "/lessons/me")
    expect(page.locator("#my-role")).to_have_attribute("data-role", role)


def api_token(base: str, email: str, password: str) -> str:
    """A bearer token for Sprout's API (taken after the clock moved: days on, an older one has expired)."""
    login = requests.post(base + "/api/auth/login", json={"email": email, "password": password}, timeout=15)
    assert login.status_code == 200, login.text
    return login.json()["accessToken"]


def api_notifications(base: str, token: str) -> list[dict]:
    answer = requests.get(base + "/api/notifications", params={"limit": "50"}, timeout=15, headers={"Authorization": "Bearer " + token})
    assert answer.status_code == 200, answer.text
    return answer.json()["notifications"]


def test_teacher_and_student_book_move_cancel_are_reminded_and_refunded(browser, booking_server, clock, screenshot_dir):
    base = booking_server.base_url
    tag = uuid.uuid4().hex[:6]
    teacher_name, teacher_email = f"김선생{tag}", f"teacher-{tag}@example.com"
    student_name, student_email = f"Mina{tag}", f"student-{tag}@example.com"
    password = f"pw-{tag}-secret"
    title = f"바이올린 4회 {tag}"

    contexts, errors = [], []

    def open_page(device: dict) -> Page:
        context = browser.new_context(**device)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    shots = iter(range(1, 100))

    def shoot(page: Page, who: str, name: str) -> None:
        # With a field focused, a full-page shot leaves the page scrolled elsewhere, and Chromium
        # scrolls it back at the next click, after Playwright has aimed it: put it back first.
        scrolled = page.evaluate("window.scrollY")
        page.screenshot(path=str(screenshot_dir / f"lessons-booking-{next(shots):02d}-{who}-{name}.png"), full_page=True)
        page.evaluate("(y) => window.scrollTo(0, y)", scrolled)

    try:
        teacher, student = open_page(PHONE), open_page(DESKTOP)

        # The teacher signs up, says they teach, and opens the lesson.
        sign_up(teacher, base, teacher_name, teacher_email, password, "teacher")
        teacher.click("#open-lesson")
        teacher.wait_for_url(base + "/lessons/new")
        teacher.fill("input#title", title)
        teacher.fill("input#price", str(PRICE))
        teacher.select_option("select#instrument", "바이올린")
        teacher.select_option("select#region", "서울")
        teacher.select_option("select#lesson_type", "취미")
        teacher.fill("textarea#introduction", "처음 바이올린을 잡는 분을 위한 4회 과정이에요.")
        teacher.click("#lesson-submit")
        teacher.wait_for_url(re.compile(re.escape(base) + r"/lessons/[0-9a-f]{24}$"))
        lesson_url = teacher.url
        lesson_id = lesson_url.rsplit("/", 1)[1]

        # a. What the lesson sells, and its terms.
        teacher.click("#edit-terms")
        teacher.wait_for_url(f"{lesson_url}/terms")
        teacher.fill("input#sessions", str(SESSIONS))
        teacher.fill("input#minutes_per_session", "60")
        teacher.select_option("select#format", "in_person")
        teacher.select_option("select#region_code", label="서울 강남구")
        teacher.fill("input#dong", "역삼동")
        teacher.fill("textarea#curriculum", "\n".join(CURRICULUM))
        teacher.fill("input#free_cancel_hours", "24")
        teacher.select_option("select#late_cancellation", "session_used")
        teacher.fill("input#refund_fee_percent", str(FEE_PERCENT))
        assert_no_sideways_scroll(teacher, "terms form")
        assert_axe_clean(teacher, "terms form (ko, 360 px)")
        shoot(teacher, "teacher", "terms-form")
        teacher.click("#terms-submit")
        teacher.wait_for_url(f"{lesson_url}#lesson-terms")
        terms = teacher.locator("#lesson-terms")
        expect(terms.locator(".terms-sessions")).to_have_text("총 4회 · 회당 60분")
        expect(terms.locator(".terms-place")).to_have_text("대면 레슨 · 서울 강남구 역삼동")
        expect(terms.locator(".terms-price")).to_have_text(f"회당 {PRICE // SESSIONS:,}원")
        expect(terms.locator(".terms-curriculum li")).to_have_text(CURRICULUM)
        expect(terms.locator(".terms-cancellation")).to_contain_text(f"남은 회차 금액에서 {FEE_PERCENT}%를 뺀 만큼")

        # A week of open times, on next week's days (Seoul time).
        next_monday = at_seoul(clock.now(), 0) - timedelta(days=clock.now().astimezone(SEOUL).weekday()) + timedelta(days=7)
        starts = {name: at_seoul(next_monday + timedelta(days=offset), int(hhmm[:2]), int(hhmm[3:]))
                  for name, offset, hhmm, _ in OPENINGS}
        teacher.click("#schedule-link")
        teacher.wait_for_url(base + "/lessons/me/schedule")
        expect(teacher.locator("select#post_id")).to_have_value(lesson_id)
        for name, _, hhmm, weeks in OPENINGS:
            teacher.fill("input#date", seoul_day(starts[name]))
            teacher.fill("input#time", hhmm)
            teacher.fill("input#repeat_weeks", str(weeks))
            teacher.click("#open-slots-submit")
            teacher.wait_for_url(re.compile(re.escape(base) + rf"/lessons/me/schedule\?week={seoul_day(starts[name])}&opened={weeks}$"))
            expect(teacher.locator("#schedule-notice")).to_have_text(f"시간 {weeks}개를 열었어요.")
        teacher.goto(f"{base}/lessons/me/schedule?week={seoul_day(next_monday)}")
        expect(teacher.locator("#week .week-day")).to_have_count(7)
        slot_ids = {}
        for name, _, hhmm, _ in OPENINGS:
            slot = teacher.locator(f'.week-day[data-day="{seoul_day(starts[name])}"] li.slot.open')
            expect(slot).to_have_count(1)
            expect(slot.locator("time.session-time")).to_have_attribute("datetime", wire(starts[name]))
            expect(slot.locator("time.session-time")).to_have_text(f"{hhmm}–{int(hhmm[:2]) + 1:02d}:{hhmm[3:]}")
            slot_ids[name] = slot.get_attribute("data-id")
        expect(teacher.locator("#week li.slot")).to_have_count(5)
        expect(teacher.locator(f'.week-day[data-day="{seoul_day(next_monday)}"] .hint')).to_be_visible()  # Monday: nothing open
        assert_no_sideways_scroll(teacher, "schedule week")
        shoot(teacher, "teacher", "week")
        teacher.click("#next-week")
        expect(teacher.locator(f'.week-day[data-day="{seoul_day(starts["tue"] + timedelta(days=7))}"] li.slot.open')).to_have_count(1)
        expect(teacher.locator("#week li.slot")).to_have_count(1)

        # b. The student reads the terms on the lesson and again at checkout, and pays.
        sign_up(student, base, student_name, student_email, password, "student")
        student.goto(lesson_url)
        terms = student.locator("#lesson-terms")
        expect(terms.locator(".terms-sessions")).to_have_text("4 sessions of 60 minutes")
        expect(terms.locator(".terms-place")).to_have_text("In person · 서울 강남구 역삼동")
        expect(terms.locator(".terms-price")).to_have_text(f"Per session ₩{PRICE // SESSIONS:,}")
        expect(terms.locator(".terms-curriculum li")).to_have_text(CURRICULUM)
        expect(terms.locator(".terms-cancellation")).to_contain_text("Until 24 hours before a session you can move or cancel it, and the session returns.")
        expect(terms.locator(".terms-cancellation")).to_contain_text(f"refunded less {FEE_PERCENT}%")
        student.click("#apply-button")
        student.wait_for_url(f"{lesson_url}/checkout")
        checkout_terms = student.locator("#checkout-terms")
        expect(checkout_terms.locator(".terms-sessions")).to_have_text("4 sessions of 60 minutes")
        expect(checkout_terms.locator(".terms-place")).to_have_text("In person · 서울 강남구 역삼동")
        expect(checkout_terms.locator(".terms-curriculum li")).to_have_text(CURRICULUM)
        expect(checkout_terms.locator(".terms-cancellation")).to_contain_text(f"refunded less {FEE_PERCENT}%")
        terms_bottom = checkout_terms.evaluate("(terms) => terms.getBoundingClientRect().bottom")
        assert terms_bottom <= student.locator("#pay-button").evaluate("(button) => button.getBoundingClientRect().top"), "terms stand above Pay"
        shoot(student, "student", "checkout")
        student.click("#pay-button")
        student.wait_for_url(lesson_url + "?payment=paid")
        student.click("#enrolment-link")
        student.wait_for_url(re.compile(re.escape(base) + r"/lessons/enrolments/[0-9a-f]{24}$"))
        enrolment_path = student.url.removeprefix(base)
        expect(student.locator("#enrolment-progress")).to_have_text(f"0 of {SESSIONS} taken · {SESSIONS} to book")
        expect(student.locator("#book-form input.slot-choice")).to_have_count(6)  # next week's five and Tuesday's repeat

        # The teacher opens the new enrolment from "my students" and keeps it open.
        teacher.goto(base + "/lessons/me")
        teacher.click("#enrolments-link")
        teacher.wait_for_url(base + "/lessons/me/enrolments")
        teacher.locator("#enrolments-teacher li a").click()
        teacher.wait_for_url(base + enrolment_path)
        expect(teacher.locator("#booking-list li")).to_have_count(0)
        wait_live(teacher)

        def student_does(action) -> None:
            """The student's step; the teacher's badge then counts one notification more (the
            conversation's line counts under chats, not here), without a reload."""
            before = badge_count(teacher)
            action()
            wait_until(teacher, f"() => {{ const b = document.getElementById('notifications-badge'); return !b.hidden && b.textContent === '{before + 1}'; }}", timeout=10)

        def book(name: str) -> str:
            student.check(f'#book-form input.slot-choice[value="{slot_ids[name]}"]')
            student.click("#book-submit")
            student.wait_for_url(base + enrolment_path + "?done=booked")
            booked = student.locator(f'#booking-list li.booking:has(time[datetime="{wire(starts[name])}"])')
            expect(booked).to_have_attribute("data-state", "booked")
            return booked.get_attribute("id").removeprefix("booking-")

        first, second = {}, {}
        student_does(lambda: first.setdefault("id", book("tue")))
        live = teacher.locator("#live-section")
        expect(live.locator(f'#booking-{first["id"]}')).to_have_attribute("data-state", "booked")
        expect(live.locator(f'#booking-{first["id"]} time.session-when')).to_have_attribute("datetime", wire(starts["tue"]))
        assert_not_reloaded(teacher)

        student_does(lambda: second.setdefault("id", book("wed")))
        expect(live.locator("#booking-list li.booking")).to_have_count(2)
        expect(live.locator(f'#booking-{second["id"]}')).to_have_attribute("data-state", "booked")
        expect(live.locator("#enrolment-progress")).to_have_text(f"{SESSIONS}회 중 0회 수강 · 예약 가능 2회")
        assert_not_reloaded(teacher)

        # The Tuesday session moves to Thursday (the booking keeps its id).
        def move() -> None:
            student.select_option(f'#move-{first["id"]}', slot_ids["thu"])
            student.locator(f'#booking-{first["id"]} button.move-booking').click()
            student.wait_for_url(base + enrolment_path + "?done=moved")

        student_does(move)
        expect(student.locator(f'#booking-{first["id"]} time.session-when')).to_have_attribute("datetime", wire(starts["thu"]))
        expect(live.locator(f'#booking-{first["id"]} time.session-when')).to_have_attribute("datetime", wire(starts["thu"]))
        expect(live.locator("#booking-list li.booking")).to_have_count(2)
        assert_not_reloaded(teacher)

        # The Wednesday one is cancelled; its form says the session returns (more than 24 h ahead).
        cancelling = student.locator(f'#booking-{second["id"]}')
        expect(cancelling.locator(".cancel-outcome")).to_have_text("Cancelling now returns the session.")

        def cancel() -> None:
            cancelling.locator("button.cancel-booking").click()
            student.wait_for_url(base + enrolment_path + "?done=cancelled")

        student_does(cancel)
        expect(student.locator(f'#booking-{second["id"]}')).to_have_attribute("data-state", "cancelled")
        expect(student.locator("#enrolment-progress")).to_have_text(f"0 of {SESSIONS} taken · 3 to book")
        expect(live.locator(f'#booking-{second["id"]}')).to_have_attribute("data-state", "cancelled")
        expect(live.locator("#enrolment-progress")).to_have_text(f"{SESSIONS}회 중 0회 수강 · 예약 가능 3회")
        assert_not_reloaded(teacher)
        # The student, in London, sees each time in their own zone beside Seoul's (lessons.js).
        expect(student.locator("#booking-list .local-time").first).to_be_visible()
        assert teacher.locator("#booking-list .local-time").count() == 0, "in Seoul, Seoul time is enough"
        assert_no_sideways_scroll(teacher, "teacher's enrolment")
        assert_axe_clean(student, "enrolment (en, desktop)")
        assert_axe_clean(teacher, "enrolment (ko, 360 px)")
        shoot(student, "student", "enrolment")
        shoot(teacher, "teacher", "enrolment-live")

        # The lesson's conversation has a line for each booking, the move and the cancel.
        student.click("#enrolment-conversation")
        student.wait_for_url(re.compile(re.escape(base) + r"/inbox/[A-Za-z0-9_-]{16}$"))
        lines = student.locator("#messages .message.mine")
        expect(lines.filter(has_text="수업을 예약했어요")).to_have_count(2)
        expect(lines.filter(has_text="수업을 예약했어요").first).to_contain_text(
            f"{starts['tue'].astimezone(SEOUL).day}일")
        expect(lines.filter(has_text="옮겼어요")).to_have_count(1)
        expect(lines.filter(has_text="수업을 취소했어요")).to_have_count(1)
        expect(lines.filter(has_text="수업을 취소했어요")).to_contain_text("회차가 돌아왔어요")
        shoot(student, "student", "conversation")

        # c. The teacher's notifications name the student.
        teacher.click("#notifications-link")
        teacher.wait_for_url(base + "/notifications")
        booking_news = teacher.locator("#notification-list li").filter(has=teacher.locator(f'a[href="{enrolment_path}"]'))
        for words in ("수업을 예약했어요", "수업을 예약했어요", "옮겼어요", "수업을 취소했어요"):
            expect(booking_news.filter(has_text=words).first).to_contain_text(f"{student_name}님이")
        expect(booking_news.filter(has_text="수업을 예약했어요")).to_have_count(2)
        shoot(teacher, "teacher", "notifications")

        # The teacher's week shows who booked Thursday's time.
        teacher.goto(f"{base}/lessons/me/schedule?week={seoul_day(next_monday)}")
        booked_slot = teacher.locator(f'#slot-{slot_ids["thu"]}')
        expect(booked_slot).to_have_class(re.compile(r"\bbooked\b"))
        expect(booked_slot.locator("a.slot-student")).to_have_text(f"예약: {student_name}")
        expect(teacher.locator(f'#slot-{slot_ids["tue"]}')).to_have_class(re.compile(r"\bopen\b"))
        expect(teacher.locator(f'#slot-{slot_ids["wed"]}')).to_have_class(re.compile(r"\bopen\b"))
        assert_no_sideways_scroll(teacher, "schedule week with a booking")
        assert_axe_clean(teacher, "schedule (ko, 360 px)")
        shoot(teacher, "teacher", "week-booked")

        # e. The calendar feed lists the session where it now is; the cancelled one is marked so.
        student.goto(base + "/lessons/me/enrolments")
        feed_url = student.locator("#calendar-url").input_value()
        assert feed_url.startswith(base + "/") and feed_url.endswith(".ics"), feed_url
        feed = requests.get(feed_url, timeout=15)
        assert feed.status_code == 200 and feed.headers["content-type"].startswith("text/calendar"), (feed.status_code, feed.headers)
        calendar = icalendar.Calendar.from_ical(feed.content)
        assert calendar.get("VERSION") == "2.0" and calendar.get("PRODID"), calendar
        events = {str(event["UID"]): event for event in calendar.walk("VEVENT")}
        for event in events.values():
            for required in ("UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY"):
                assert required in event, f"{required} missing in {event.to_ical()!r}"
        moved = events[f"lesson-{first['id']}@sprout"]
        assert moved.decoded("DTSTART") == starts["thu"], moved.to_ical()
        assert moved.decoded("DTEND") == starts["thu"] + timedelta(minutes=60), moved.to_ical()
        assert str(moved.get("STATUS", "CONFIRMED")) == "CONFIRMED", moved.to_ical()
        assert str(moved["LOCATION"]) == "서울 강남구 역삼동", moved.to_ical()
        assert title in str(moved["SUMMARY"]) and teacher_name in str(moved["SUMMARY"]), moved.to_ical()
        cancelled = events.get(f"lesson-{second['id']}@sprout")
        assert cancelled is None or str(cancelled["STATUS"]) == "CANCELLED", cancelled.to_ical()
        live_events = [e for e in events.values() if str(e.get("STATUS", "CONFIRMED")) != "CANCELLED"]
        assert [e.decoded("DTSTART") for e in live_events] == [starts["thu"]], "only Thursday's session is on"

        # d. Half an hour before Thursday's session both are reminded.
        teacher.goto(base + enrolment_path)
        wait_live(teacher)
        before = badge_count(teacher)
        tokens = {email: api_token(base, email, password) for email in (teacher_email, student_email)}
        for email, token in tokens.items():
            assert not [n for n in api_notifications(base, token) if n["kind"] == "lesson_reminder"], f"{email} reminded days early"
        clock.move_to(starts["thu"] - timedelta(minutes=30))
        moved_at = time.monotonic()  # reminders are looked for every second: each must come within a few
        for email in (teacher_email, student_email):
            token, deadline = api_token(base, email, password), moved_at + 10
            while not [n for n in api_notifications(base, token) if n["kind"] == "lesson_reminder" and n["link"] == enrolment_path]:
                assert time.monotonic() < deadline, f"no reminder for {email} 10 s after its time"
                time.sleep(0.2)
        wait_until(teacher, f"() => parseInt(document.getElementById('notifications-badge').textContent, 10) > {before}", timeout=10)
        assert_not_reloaded(teacher)
        student.click("#notifications-link")
        student.wait_for_url(base + "/notifications")
        expect(student.locator("#notification-list li").filter(has_text="In an hour:").first).to_contain_text(title)
        shoot(student, "student", "reminder")
        teacher.click("#notifications-link")
        teacher.wait_for_url(base + "/notifications")
        expect(teacher.locator("#notification-list li").filter(has_text="1시간 뒤").first).to_contain_text(title)

        # f. After Thursday's session the student ends the enrolment: three unused sessions'
        # share of the price, less the 10% fee.
        clock.move_to(starts["thu"] + timedelta(minutes=61))
        teacher.goto(base + enrolment_path)
        wait_live(teacher)
        student.goto(base + enrolment_path)
        expect(student.locator(f'#booking-{first["id"]}')).to_have_attribute("data-state", "taken")
        expect(student.locator("#enrolment-progress")).to_have_text(f"1 of {SESSIONS} taken · 3 to book")
        share = PRICE * (SESSIONS - 1) // SESSIONS
        refund = share - share * FEE_PERCENT // 100
        student.click("#end-enrolment summary")
        quote = student.locator("#refund-quote")
        expect(quote).to_be_visible()
        expect(quote).to_have_attribute("data-amount", str(refund))
        expect(quote).to_have_text(f"Ending now refunds ₩{refund:,}.")
        assert student.locator("#refund-confirm").evaluate("(box) => box.required"), "the amount must be confirmed"
        shoot(student, "student", "refund-quote")
        student.check("#refund-confirm")
        student.click("#refund-submit")
        student.wait_for_url(base + enrolment_path + "?done=refunded")
        expect(student.locator("#enrolment-progress")).to_have_attribute("data-state", "refunded")
        expect(student.locator("#enrolment-progress")).to_have_text(f"Ended (₩{refund:,} refunded)")
        expect(student.locator("#end-enrolment")).to_have_count(0)
        expect(live.locator("#enrolment-progress")).to_have_attribute("data-state", "refunded")
        expect(live.locator("#enrolment-progress")).to_have_text(f"종료 (환불 {refund:,}원)")
        assert_not_reloaded(teacher)
        shoot(teacher, "teacher", "refunded")
        teacher.goto(base + "/lessons/me/enrolments")
        expect(teacher.locator("#enrolments-teacher li")).to_contain_text(f"종료 (환불 {refund:,}원)")

        assert not errors, errors
    finally:
        for context in contexts:
            context.close()
