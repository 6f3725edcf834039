"""The calendar feed (`/api/calendar`): a person's lesson sessions as an iCalendar document that
Google's and Apple's calendars subscribe to without credentials, so its URL is the secret.

The feed is read as a subscribing calendar reads it: its raw text held to RFC 5545's line rules
(CRLF line ends, lines folded at 75 octets, which a long Korean title needs), then parsed with the
`icalendar` package. Each booked session is a VEVENT with UTC times; its UID is the booking's, so
a moved session updates the same event, and a cancelled one stays, marked CANCELLED, so the
subscribed calendar drops it. Resetting the secret makes the old URL answer 404.

Tests share the session's server and teacher; each joins a fresh student, whose feed then holds
exactly the sessions the test booked.
"""
from __future__ import annotations

from datetime import timezone

import icalendar
import pytest
import requests

from pyhelpers.lessons_api import describe, expect_status
from pyhelpers.lessons_booking import SLOT_TIMES, BookingAPI, check_error, parse_wire
from pyhelpers.lessons_posts import new_member

PRICE = 120000
# Long enough (with the emoji and the nick) that its SUMMARY line must be folded.
TITLE = "클래식 기타 1:1 레슨 — 타레가와 소르의 연습곡으로 기초부터 차근차근"
BRING = "악보, 보면대; 연필 \\ 지우개"
TERMS = {"sessions": 4, "minutes_per_session": 50, "format": "in_person", "region_code": "1168000000", "dong": "역삼동",
         "bring": BRING}


@pytest.fixture(scope="module")
def book(server) -> BookingAPI:
    return BookingAPI(server.base_url)


@pytest.fixture
def scene(book, api, teacher) -> dict:
    """A fresh student enrolled in a lesson of the shared teacher, with three open slots."""
    student = new_member(api)
    lesson = book.lesson(teacher, price=PRICE, title=TITLE, **TERMS)
    enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
    slots = [book.slot(teacher, lesson, SLOT_TIMES.later()) for _ in range(3)]
    return {"student": student, "lesson": lesson, "enrolment_id": enrolment_id, "slots": slots}


def read_feed(url: str) -> icalendar.Calendar:
    """Fetches the feed without credentials, checks its text against RFC 5545's line rules, and parses it."""
    response = requests.get(url, timeout=30)
    expect_status(response, 200)
    assert response.headers["Content-Type"].split(";")[0].strip() == "text/calendar", describe(response)
    assert "no-store" in response.headers.get("Cache-Control", ""), response.headers
    raw = response.content
    assert raw.endswith(b"\r\n"), "every line ends with CRLF, the last one too"
    assert b"\n" not in raw.replace(b"\r\n", b"") and b"\r" not in raw.replace(b"\r\n", b""), "no bare LF or CR"
    lines = raw.split(b"\r\n")[:-1]
    too_long = [line for line in lines if len(line) > 75]
    assert not too_long, f"lines over 75 octets: {too_long[:3]!r}"
    for line in lines:
        line.decode("utf-8")  # folding never splits a character's bytes
    calendar = icalendar.Calendar.from_ical(raw)
    assert calendar.name == "VCALENDAR" and str(calendar["VERSION"]) == "2.0", calendar
    return calendar


def events(calendar: icalendar.Calendar) -> dict[str, icalendar.Event]:
    found = {str(event["UID"]): event for event in calendar.walk("VEVENT")}
    assert len(found) == len(calendar.walk("VEVENT")), "UIDs are unique"
    return found


def uid(booking: dict) -> str:
    return f"lesson-{booking['booking_id']}@sprout"


def utc(event: icalendar.Event, name: str):
    """A DTSTART or DTEND, which must be a UTC date-time."""
    moment = event[name].dt
    assert moment.tzinfo is not None and moment.utcoffset().total_seconds() == 0, f"{name} {moment!r} is not UTC"
    return moment.astimezone(timezone.utc)


def test_the_feed_location_is_made_once_and_needs_a_token(book, server, api):
    student = new_member(api)
    check_error(book.calendar(None), 401)
    check_error(book.calendar("Bearer not-a-token"), 401)
    check_error(book.reset_calendar(None), 401)
    location = book.feed_location(student)
    assert location["url"].startswith(server.base_url + "/api/calendar/") and location["url"].endswith(".ics"), location
    assert location["webcal"] == "webcal://" + location["url"].split("://", 1)[1], location
    assert book.feed_location(student) == location, "the same feed until it is reset"
    assert book.feed_location(new_member(api))["url"] != location["url"]
    assert events(read_feed(location["url"])) == {}, "nothing booked yet"


def test_booked_sessions_are_events_in_utc(book, teacher, scene):
    student, slots = scene["student"], scene["slots"]
    bookings = [book.booked(student, scene["enrolment_id"], slot["slot_id"]) for slot in slots[:2]]

    url = book.feed_location(student)["url"]
    assert b"\r\n " in requests.get(url, timeout=30).content, "the long SUMMARY is folded onto a continuation line"
    mine = events(read_feed(url))
    assert set(mine) == {uid(b) for b in bookings}
    for booking in bookings:
        event = mine[uid(booking)]
        assert utc(event, "DTSTART") == parse_wire(booking["starts_at"])
        assert utc(event, "DTEND") == parse_wire(booking["ends_at"])
        assert str(event["SUMMARY"]) == f"🎵 {TITLE} · {teacher.nick}"
        assert str(event["LOCATION"]) == "서울 강남구 역삼동"
        assert str(event["DESCRIPTION"]) == f"준비물: {BRING}", "commas, semicolons and backslashes survive escaping"
        assert str(event["STATUS"]) == "CONFIRMED"
        assert str(event["URL"]).endswith(f"/lessons/enrolments/{scene['enrolment_id']}"), event["URL"]

    # The teacher's feed holds the same sessions, named after the student.
    theirs = events(read_feed(book.feed_location(teacher)["url"]))
    for booking in bookings:
        assert str(theirs[uid(booking)]["SUMMARY"]) == f"🎵 {TITLE} · {student.nick}"
        assert utc(theirs[uid(booking)], "DTSTART") == parse_wire(booking["starts_at"])


def test_a_moved_session_keeps_its_uid_and_a_cancelled_one_is_marked(book, scene):
    student, (first, second, third) = scene["student"], scene["slots"]
    moved = book.booked(student, scene["enrolment_id"], first["slot_id"])
    cancelled = book.booked(student, scene["enrolment_id"], second["slot_id"])
    url = book.feed_location(student)["url"]
    assert set(events(read_feed(url))) == {uid(moved), uid(cancelled)}

    book.changed(book.move(student, moved["booking_id"], third["slot_id"]))
    book.changed(book.cancel(student, cancelled["booking_id"]))
    now = events(read_feed(url))
    assert set(now) == {uid(moved), uid(cancelled)}, "one event per booking: moved in place, cancelled kept"
    assert utc(now[uid(moved)], "DTSTART") == parse_wire(third["starts_at"])
    assert utc(now[uid(moved)], "DTEND") == parse_wire(third["ends_at"])
    assert str(now[uid(moved)]["STATUS"]) == "CONFIRMED"
    assert str(now[uid(cancelled)]["STATUS"]) == "CANCELLED"
    assert utc(now[uid(cancelled)], "DTSTART") == parse_wire(second["starts_at"])


def test_a_reset_retires_the_old_url(book, server, scene):
    student = scene["student"]
    booking = book.booked(student, scene["enrolment_id"], scene["slots"][0]["slot_id"])
    old = book.feed_location(student)
    response = book.reset_calendar(student)
    expect_status(response, 200)
    new = response.json()
    assert set(new) == {"url", "webcal"} and new["url"] != old["url"] and new["webcal"] != old["webcal"], new
    assert book.feed_location(student) == new

    for url in (old["url"], server.base_url + "/api/calendar/not-a-secret.ics", new["url"][:-len(".ics")],
                new["url"][:-len(".ics")] + ".ical", server.base_url + "/api/calendar/.ics"):
        check_error(requests.get(url, timeout=30), 404)
    assert set(events(read_feed(new["url"]))) == {uid(booking)}
