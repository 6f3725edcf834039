"""Sprout's own lessons booking API (`/api/lessons`), part one: what a lesson sells (its terms),
the teacher's open times (slots), the enrolments a validated payment makes, and booking their
sessions, with the lesson conversation's lines and the notifications each change sends.

Every refusal is checked three ways: its status, the platform's `{"error": true, "reason": …}`
body, and that nothing changed (the terms, the slot list or the enrolment read the same before and
after). Every id is assumed known to an attacker: a stranger trying each route with real ids gets
the same 404 as for an id that does not exist.

The tests share the session's server and its teacher, student and intruder (each bcrypt hash
costs half a second); each test makes lessons of its own and takes its slot times from
`SLOT_TIMES`, so one teacher's slots never overlap across tests. Tests that count everything a
person was told (notifications, conversation lines) join fresh accounts. Cancelling, moving and
refunding are in test_lessons_booking_changes.py, the calendar feed in
test_lessons_booking_calendar.py, races and reminders in test_lessons_booking_races.py.
"""
from __future__ import annotations

from datetime import timedelta, timezone

import pytest

from pyhelpers.lessons_api import describe, expect_status
from pyhelpers.lessons_booking import (SEOUL, SLOT_TIMES, BookingAPI, check_error, parse_wire, utc_now, wire)
from pyhelpers.lessons_posts import new_member, unique_product

PRICE = 80000
UNKNOWN_ID = "0123456789abcdef01234567"
DESCRIBED = {"sessions": 4, "minutes_per_session": 50, "format": "in_person", "region_code": "1168000000", "dong": "역삼동",
             "curriculum": ["호흡과 자세", "롱톤", "스케일"], "bring": "악보와 보면대", "free_cancel_hours": 24,
             "late_cancellation": "session_used", "refund_fee_percent": 10}


@pytest.fixture(scope="module")
def book(server) -> BookingAPI:
    return BookingAPI(server.base_url)


@pytest.fixture
def lesson(book, teacher) -> str:
    """A lesson of the shared teacher, described with DESCRIBED."""
    return book.lesson(teacher, price=PRICE, **DESCRIBED)


def slot_window(book, who, post_id: str) -> list[dict]:
    """Every slot of the lesson `who` sees from now to 93 days on (the longest range)."""
    now = utc_now()
    return book.listed_slots(who, post_id, **{"from": wire(now), "to": wire(now + timedelta(days=93))})


# --- Terms ---------------------------------------------------------------------------------------


def test_an_undescribed_lesson_sells_the_defaults(book, teacher, student):
    post_id = book.lesson(teacher, price=55000)
    expected = {"post_id": post_id, "sessions": 1, "minutes_per_session": 60, "format": "in_person", "curriculum": [],
                "bring": "", "free_cancel_hours": 24, "late_cancellation": "session_used", "refund_fee_percent": 0,
                "price": 55000, "price_per_session": 55000, "described": False}
    assert book.current_terms(student, post_id) == expected
    assert book.current_terms(teacher, post_id) == expected


@pytest.mark.parametrize("code, name", [("1168000000", "서울 강남구"), ("2611000000", "부산 중구")])
def test_the_teacher_describes_the_lesson_and_everyone_reads_it(book, teacher, student, code, name):
    post_id = book.lesson(teacher, price=PRICE)
    body = {**DESCRIBED, "region_code": code, "curriculum": ["  호흡과 자세 ", "", "롱톤\n스케일"]}
    answered = book.described(teacher, post_id, **body)
    assert answered == {**DESCRIBED, "post_id": post_id, "region_code": code, "region_name": name,
                        "curriculum": ["호흡과 자세", "롱톤 스케일"], "price": PRICE, "price_per_session": PRICE // 4,
                        "described": True}
    assert book.current_terms(student, post_id) == answered

    # The whole description is replaced: a field left out takes its default, and online keeps no place.
    online = book.described(teacher, post_id, format="online", region_code=code, dong="역삼동", sessions=3)
    assert online == {"post_id": post_id, "sessions": 3, "minutes_per_session": 60, "format": "online", "curriculum": [],
                      "bring": "", "free_cancel_hours": 24, "late_cancellation": "session_used", "refund_fee_percent": 0,
                      "price": PRICE, "price_per_session": PRICE // 3, "described": True}
    assert book.current_terms(student, post_id) == online


def test_only_the_teacher_describes_and_only_lessons_have_terms(book, teacher, student, intruder, lesson):
    before = book.current_terms(student, lesson)
    for who in (student, intruder):
        check_error(book.describe(who, lesson, {**DESCRIBED, "sessions": 9}), 403)
    check_error(book.describe(None, lesson, {**DESCRIBED, "sessions": 9}), 401)
    check_error(book.terms(None, lesson), 401)
    assert book.current_terms(student, lesson) == before

    # A post of another product (another app's) is not a lesson; an unknown id is nothing.
    other = teacher.new_post(unique_product(), price=PRICE)["post_id"]
    for post_id in (other, UNKNOWN_ID, "x" * 65):
        check_error(book.terms(student, post_id), 404)
        check_error(book.describe(teacher, post_id, DESCRIBED), 404)


BAD_TERMS = {
    "sessions-0": {"sessions": 0}, "sessions-101": {"sessions": 101}, "sessions-negative": {"sessions": -4},
    "minutes-14": {"minutes_per_session": 14}, "minutes-481": {"minutes_per_session": 481},
    "fee-51": {"refund_fee_percent": 51}, "fee-negative": {"refund_fee_percent": -1},
    "free-hours-169": {"free_cancel_hours": 169}, "free-hours-negative": {"free_cancel_hours": -1},
    "format-unknown": {"format": "hybrid"}, "format-empty": {"format": ""},
    "late-unknown": {"late_cancellation": "forgiven"},
    "region-unknown": {"region_code": "9999999999"}, "region-province": {"region_code": "1100000000"},
    "in-person-without-region": {"region_code": None}, "in-person-blank-region": {"region_code": "   "},
    "dong-31": {"dong": "가" * 31}, "dong-two-lines": {"dong": "역삼동\n삼성동"},
    "curriculum-101": {"curriculum": [f"{n}회차" for n in range(101)]}, "curriculum-line-201": {"curriculum": ["가" * 201]},
    "bring-501": {"bring": "a" * 501},
    # Wrong JSON types
    "sessions-string": {"sessions": "4"}, "sessions-bool": {"sessions": True}, "sessions-float": {"sessions": 4.5},
    "sessions-list": {"sessions": [4]}, "curriculum-string": {"curriculum": "호흡"}, "curriculum-numbers": {"curriculum": [1, 2]},
    "format-number": {"format": 1}, "region-number": {"region_code": 1168000000}, "dong-object": {"dong": {"ko": "역삼동"}},
    # Numbers no Int holds
    "sessions-1e30": {"sessions": 1e30}, "sessions-2^63": {"sessions": 2**63}, "fee-2^64": {"refund_fee_percent": 2**64},
    "minutes--2^63-1": {"minutes_per_session": -(2**63) - 1},
    # NUL characters, which no column keeps
    "dong-nul": {"dong": "역\x00삼동"}, "curriculum-nul": {"curriculum": ["호흡\x00"]}, "bring-nul": {"bring": "\x00"},
}


@pytest.mark.parametrize("change", list(BAD_TERMS.values()), ids=list(BAD_TERMS))
def test_a_field_out_of_range_is_400_and_the_terms_stay(book, teacher, student, lesson, change):
    before = book.current_terms(student, lesson)
    body = {**DESCRIBED, "sessions": 2, **change}
    body = {name: value for name, value in body.items() if value is not None}
    reason = check_error(book.describe(teacher, lesson, body), 400)["reason"]
    field = next(iter(change))
    assert field in reason or "not JSON" in reason or "NUL" in reason, f"the reason names {field}: {reason!r}"
    assert book.current_terms(student, lesson) == before


@pytest.mark.parametrize("content_type, raw", [
    ("application/json", b"not json"), ("application/json", b'{"sessions": 2'), ("application/json", b""),
    ("application/json", b"[]"), ("application/json", b"null"), ("application/json", b'"terms"'),
    ("application/json", b'{"sessions": 1e30, "region_code": "1168000000"}'),
    ("application/json", b'{"sessions": 9223372036854775808, "region_code": "1168000000"}'),
    ("application/json", b'{"region_code": "1168000000", "dong": "a\\u0000b"}'),
    ("application/json", b'{"region_code": "1168000000", "sessions": 2, "dong": "\xff\xfe"}'),
    ("text/plain", b"sessions=2"), ("application/x-www-form-urlencoded", b"sessions=2&region_code=1168000000"),
    ("application/octet-stream", b"\x00\x01\x02"),
], ids=["not-json", "truncated", "empty", "array", "null", "string", "1e30", "2^63", "nul-escape", "bad-utf8",
        "text", "form", "binary"])
def test_a_body_that_is_not_terms_is_400_and_the_terms_stay(book, teacher, student, lesson, content_type, raw):
    before = book.current_terms(student, lesson)
    check_error(book.describe(teacher, lesson, data=raw, headers={"Content-Type": content_type}), 400)
    assert book.current_terms(student, lesson) == before


# --- Slots -------------------------------------------------------------------------------------


def test_one_slot_and_weekly_slots_open(book, teacher, student, lesson):
    start = SLOT_TIMES.later()
    slot = book.slot(teacher, lesson, start)
    assert (slot["starts_at"], slot["ends_at"]) == (wire(start), wire(start + timedelta(minutes=50))), "the terms' 50 minutes"
    longer = book.slot(teacher, lesson, SLOT_TIMES.later(), minutes=90)
    assert parse_wire(longer["ends_at"]) - parse_wire(longer["starts_at"]) == timedelta(minutes=90)

    weekly = SLOT_TIMES.weekly()
    opened = book.opened(teacher, lesson, weekly, repeat_weeks=3)
    assert [(s["starts_at"], s["ends_at"]) for s in opened] == [
        (wire(weekly + timedelta(weeks=n)), wire(weekly + timedelta(weeks=n, minutes=50))) for n in range(3)]
    assert len({s["slot_id"] for s in opened + [slot, longer]}) == 5

    listed = book.listed_slots(student, lesson, **{"from": wire(weekly - timedelta(days=1)), "to": wire(weekly + timedelta(days=30))})
    assert listed == opened
    assert {slot["slot_id"], longer["slot_id"]} <= {s["slot_id"] for s in book.listed_slots(student, lesson)}, "the next four weeks"


def spellings(moment) -> dict[str, str]:
    """One instant written the ways a teacher's app may send it."""
    local = moment.astimezone(SEOUL)
    minus_five = moment.astimezone(timezone(timedelta(hours=-5)))
    return {
        "seoul-no-offset": local.strftime("%Y-%m-%dT%H:%M"),
        "seoul-space-seconds": local.strftime("%Y-%m-%d %H:%M:%S"),
        "seoul-offset": local.strftime("%Y-%m-%dT%H:%M:%S+09:00"),
        "seoul-offset-no-colon": local.strftime("%Y-%m-%dT%H:%M:%S.123+0900"),
        "utc-z": moment.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "new-york": minus_five.strftime("%Y-%m-%dT%H:%M-05:00"),
    }


@pytest.mark.parametrize("spelling", ["seoul-no-offset", "seoul-space-seconds", "seoul-offset", "seoul-offset-no-colon",
                                      "utc-z", "new-york"])
def test_a_time_without_an_offset_is_seoul_time(book, teacher, lesson, spelling):
    start = SLOT_TIMES.later()
    slot = book.slot(teacher, lesson, spellings(start)[spelling])
    assert slot["starts_at"] == wire(start), spelling


def test_seoul_evening_is_utc_morning(book, teacher, lesson):
    """The API documentation's example: 19:00 in Seoul, sent without an offset, is 10:00Z. On a
    day 100 days ahead (between the `later()` and `weekly()` times, so no other slot of the
    teacher's is near)."""
    day = (utc_now() + timedelta(days=100)).astimezone(SEOUL).date().isoformat()
    slot = book.slot(teacher, lesson, f"{day}T19:00")
    assert (slot["starts_at"], slot["ends_at"]) == (f"{day}T10:00:00Z", f"{day}T10:50:00Z")


def bad_slot_requests() -> dict[str, dict]:
    later = wire(utc_now() + timedelta(days=300, minutes=7))
    return {
        "feb-30": {"starts_at": "2027-02-30T10:00"}, "tomorrow": {"starts_at": "tomorrow"}, "empty": {"starts_at": ""},
        "date-only": {"starts_at": "2027-03-02"}, "hour-25": {"starts_at": "2027-03-02T25:00"},
        "offset-15h": {"starts_at": "2027-03-02T10:00:00+15:00"}, "missing": {}, "null": {"starts_at": None},
        "number": {"starts_at": 1798761600}, "nul": {"starts_at": "2027-03-02T10:00\x00"},
        "past": {"starts_at": wire(utc_now() - timedelta(hours=1))}, "long-past": {"starts_at": "2020-01-01T10:00Z"},
        "over-a-year": {"starts_at": wire(utc_now() + timedelta(days=400))},
        "weeks-0": {"starts_at": later, "repeat_weeks": 0}, "weeks-13": {"starts_at": later, "repeat_weeks": 13},
        "weeks-negative": {"starts_at": later, "repeat_weeks": -1}, "weeks-string": {"starts_at": later, "repeat_weeks": "3"},
        "weeks-2^63": {"starts_at": later, "repeat_weeks": 2**63},
        "minutes-14": {"starts_at": later, "minutes": 14}, "minutes-481": {"starts_at": later, "minutes": 481},
    }


@pytest.mark.parametrize("name", list(bad_slot_requests()))
def test_a_bad_time_is_400_and_opens_nothing(book, teacher, lesson, name):
    before = slot_window(book, teacher, lesson) + book.listed_slots(teacher, lesson, **{
        "from": wire(utc_now() + timedelta(days=250)), "to": wire(utc_now() + timedelta(days=340))})
    check_error(book.open_slots(teacher, lesson, bad_slot_requests()[name]), 400)
    after = slot_window(book, teacher, lesson) + book.listed_slots(teacher, lesson, **{
        "from": wire(utc_now() + timedelta(days=250)), "to": wire(utc_now() + timedelta(days=340))})
    assert after == before == []


def test_overlapping_slots_are_409_across_the_teachers_lessons(book, teacher, student, lesson):
    other_lesson = book.lesson(teacher, price=30000, minutes_per_session=60, format="online")
    start = SLOT_TIMES.later()
    first = book.slot(teacher, lesson, start)  # start to start + 50 minutes
    for post_id, at, minutes in [(lesson, start, None), (lesson, start + timedelta(minutes=49), None),
                                 (other_lesson, start - timedelta(minutes=59), None),
                                 (other_lesson, start + timedelta(minutes=20), 15),
                                 (other_lesson, start - timedelta(minutes=30), 120)]:
        body = {"starts_at": wire(at)} | ({"minutes": minutes} if minutes else {})
        check_error(book.open_slots(teacher, post_id, body), 409)
    assert slot_window(book, teacher, lesson) == [first]
    assert slot_window(book, teacher, other_lesson) == []
    # Touching is not overlapping: one may start when the other ends.
    after = book.slot(teacher, other_lesson, start + timedelta(minutes=50))
    before = book.slot(teacher, other_lesson, start - timedelta(minutes=60))
    assert [s["slot_id"] for s in slot_window(book, student, other_lesson)] == [before["slot_id"], after["slot_id"]]

    # Weekly slots open all or none: the second week's overlap refuses the first week's too.
    weekly = SLOT_TIMES.weekly()
    held = book.opened(teacher, lesson, weekly, repeat_weeks=2)
    check_error(book.open_slots(teacher, other_lesson, {"starts_at": wire(weekly - timedelta(weeks=1) + timedelta(minutes=10)),
                                                         "repeat_weeks": 3}), 409)
    around = {"from": wire(weekly - timedelta(weeks=2)), "to": wire(weekly + timedelta(weeks=3))}
    assert book.listed_slots(teacher, other_lesson, **around) == []
    assert book.listed_slots(teacher, lesson, **around) == held


def test_only_the_teacher_opens_and_closes_slots(book, api, teacher, student, intruder, lesson):
    other_teacher = new_member(api, phoneNum="1")
    book.slot(other_teacher, book.lesson(other_teacher, price=PRICE, format="online"), SLOT_TIMES.later())
    start = SLOT_TIMES.later()
    for who in (student, intruder, other_teacher):
        check_error(book.open_slots(who, lesson, {"starts_at": wire(start)}), 403)
    check_error(book.open_slots(None, lesson, {"starts_at": wire(start)}), 401)
    check_error(book.open_slots(teacher, UNKNOWN_ID, {"starts_at": wire(start)}), 404)
    assert slot_window(book, teacher, lesson) == []

    slot = book.slot(teacher, lesson, start)
    for who in (student, intruder, other_teacher):
        check_error(book.close_slot(who, slot["slot_id"]), 404)
    check_error(book.close_slot(None, slot["slot_id"]), 401)
    assert slot_window(book, student, lesson) == [slot]

    closed = book.close_slot(teacher, slot["slot_id"])
    expect_status(closed, 200)
    assert closed.json() == slot
    assert slot_window(book, teacher, lesson) == []
    check_error(book.close_slot(teacher, slot["slot_id"]), 404)
    check_error(book.close_slot(teacher, UNKNOWN_ID), 404)
    # The time is free again.
    assert book.slot(teacher, lesson, start)["starts_at"] == slot["starts_at"]


def test_students_see_open_slots_and_the_teacher_sees_booked_ones_too(book, teacher, student, intruder, lesson):
    enrolment = book.enrol(student, lesson, PRICE)
    free, taken = book.slot(teacher, lesson, SLOT_TIMES.later()), book.slot(teacher, lesson, SLOT_TIMES.later())
    book.booked(student, enrolment["enrolment_id"], taken["slot_id"])
    yesterday = {"from": wire(utc_now() - timedelta(days=1)), "to": wire(utc_now() + timedelta(days=60))}
    for who in (student, intruder):
        assert book.listed_slots(who, lesson) == [free]
        assert book.listed_slots(who, lesson, **yesterday) == [free]
    by_teacher = book.listed_slots(teacher, lesson, **yesterday)
    assert sorted(by_teacher, key=lambda s: s["starts_at"]) == by_teacher
    assert {s["slot_id"]: s["available"] for s in by_teacher} == {free["slot_id"]: True, taken["slot_id"]: False}
    assert [s for s in by_teacher if s["slot_id"] == taken["slot_id"]] == [{**taken, "available": False}]

    # A booked slot is not closed: its booking is cancelled first.
    check_error(book.close_slot(teacher, taken["slot_id"]), 409)
    assert book.listed_slots(teacher, lesson, **yesterday) == by_teacher


@pytest.mark.parametrize("query", [
    {"from": "2027-03-10", "to": "2027-03-01"}, {"from": "2027-03-01", "to": "2027-03-01"},
    {"from": "2027-01-01", "to": "2027-04-05"}, {"from": "2027-01-01T00:00:00Z", "to": "2027-04-04T00:00:01Z"},
    {"from": "yesterday"}, {"to": "2027-02-30"}, {"from": ""}, {"from": "2027-01-01T10:00\x00"},
], ids=["to-before-from", "empty-range", "94-days", "93-days-and-a-second", "bad-from", "bad-to", "empty-from", "nul"])
def test_a_bad_slot_range_is_400(book, student, lesson, query):
    check_error(book.slots(student, lesson, **query), 400)


def test_a_range_of_93_days_or_dates_only_is_read(book, teacher, student, lesson):
    start = SLOT_TIMES.later()
    slot = book.slot(teacher, lesson, start)
    day = start.astimezone(SEOUL).date()
    # Dates are Seoul midnights: the slot is inside its own Seoul day and outside the next.
    assert book.listed_slots(student, lesson, **{"from": day.isoformat(), "to": (day + timedelta(days=1)).isoformat()}) == [slot]
    assert book.listed_slots(student, lesson, **{"from": (day + timedelta(days=1)).isoformat(),
                                                 "to": (day + timedelta(days=94)).isoformat()}) == []
    assert book.listed_slots(student, lesson, **{"from": wire(start), "to": wire(start + timedelta(days=93))}) == [slot]
    check_error(book.slots(student, UNKNOWN_ID), 404)
    check_error(book.slots(None, lesson), 401)


# --- Enrolments ----------------------------------------------------------------------------------


def test_a_validated_payment_enrols_and_both_sides_see_it(book, api, teacher):
    student = new_member(api)
    lesson = book.lesson(teacher, price=PRICE, title="플룻 입문 1:1 레슨", **DESCRIBED)
    terms = book.current_terms(student, lesson)
    enrolment = book.enrol(student, lesson, PRICE)
    enrolment_id = enrolment["enrolment_id"]
    assert enrolment == {
        "enrolment_id": enrolment_id, "post_id": lesson, "title": "플룻 입문 1:1 레슨", "role": "student",
        "teacher": {"user_id": teacher.user_id, "nick": teacher.nick}, "student": {"user_id": student.user_id, "nick": student.nick},
        "state": "active", "sessions": 4, "remaining": 4, "used": 0, "price": PRICE, "paid_at": enrolment["paid_at"],
        "refund_quote": PRICE, "terms": terms, "bookings": []}
    assert abs(parse_wire(enrolment["paid_at"]) - utc_now()) < timedelta(minutes=5)
    assert book.fetch(student, enrolment_id) == enrolment

    as_teacher = book.fetch(teacher, enrolment_id)
    assert as_teacher == {**enrolment, "role": "teacher"}
    assert [e for e in book.my_enrolments(teacher) if e["enrolment_id"] == enrolment_id] == [as_teacher]
    assert [e["enrolment_id"] for e in book.my_enrolments(student)] == [enrolment_id]

    # The teacher is told who paid, with a link to the enrolment.
    told = [n for n in book.notifications(teacher) if n["link"] == f"/lessons/enrolments/{enrolment_id}"]
    assert [(n["app"], n["kind"]) for n in told] == [("lessons", "lesson_bought")], told
    assert student.nick in told[0]["text"] and "플룻 입문 1:1 레슨" in told[0]["text"], told

    # The enrolment keeps the terms it was paid under.
    book.described(teacher, lesson, **{**DESCRIBED, "sessions": 8, "refund_fee_percent": 0})
    assert book.fetch(student, enrolment_id) == enrolment


def test_a_stranger_learns_nothing_of_an_enrolment_and_changes_nothing(book, teacher, student, intruder, lesson):
    enrolment = book.enrol(student, lesson, PRICE)
    enrolment_id = enrolment["enrolment_id"]
    first, second = book.slot(teacher, lesson, SLOT_TIMES.later()), book.slot(teacher, lesson, SLOT_TIMES.later())
    booking = book.booked(student, enrolment_id, first["slot_id"])
    before = book.fetch(student, enrolment_id)
    slots_before = slot_window(book, teacher, lesson)

    unknown = check_error(book.enrolment(intruder, UNKNOWN_ID), 404)
    attempts = {
        "read": book.enrolment(intruder, enrolment_id), "book": book.book(intruder, enrolment_id, second["slot_id"]),
        "cancel": book.cancel(intruder, booking["booking_id"]), "move": book.move(intruder, booking["booking_id"], second["slot_id"]),
        "refund": book.refund(intruder, enrolment_id), "close-slot": book.close_slot(intruder, first["slot_id"]),
    }
    for name, response in attempts.items():
        assert check_error(response, 404) == unknown, f"{name}: {describe(response)}"
    for response in (book.enrolment(None, enrolment_id), book.refund(None, enrolment_id), book.cancel(None, booking["booking_id"])):
        check_error(response, 401)
    assert enrolment_id not in {e["enrolment_id"] for e in book.my_enrolments(intruder)}
    assert book.fetch(student, enrolment_id) == before
    assert slot_window(book, teacher, lesson) == slots_before


# --- Booking -------------------------------------------------------------------------------------


def test_sessions_are_booked_until_none_remain(book, teacher, student, lesson):
    enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
    slots = [book.slot(teacher, lesson, SLOT_TIMES.later()) for _ in range(5)]
    for number, slot in enumerate(slots[:4], 1):
        booking = book.booked(student, enrolment_id, slot["slot_id"])
        assert (booking["starts_at"], booking["ends_at"], booking["state"]) == (slot["starts_at"], slot["ends_at"], "booked")
        seen = book.fetch(student, enrolment_id)
        assert (seen["remaining"], seen["used"], len(seen["bookings"])) == (4 - number, 0, number)
    full = book.fetch(student, enrolment_id)
    assert check_error(book.book(student, enrolment_id, slots[4]["slot_id"]), 409)["reason"].startswith("Every session")
    assert book.fetch(student, enrolment_id) == full
    ours = {slot["slot_id"] for slot in slots}
    assert [s["slot_id"] for s in book.listed_slots(student, lesson) if s["slot_id"] in ours] == [slots[4]["slot_id"]]


def test_a_booking_is_refused_for_a_slot_it_cannot_take(book, api, teacher, student, lesson):
    enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
    other_lesson = book.lesson(teacher, price=1000, format="online")
    foreign = book.slot(teacher, other_lesson, SLOT_TIMES.later())
    open_slot, taken, closed = (book.slot(teacher, lesson, SLOT_TIMES.later()) for _ in range(3))
    rival = new_member(api)
    book.booked(rival, book.enrol(rival, lesson, PRICE)["enrolment_id"], taken["slot_id"])
    expect_status(book.close_slot(teacher, closed["slot_id"]), 200)
    before = book.fetch(student, enrolment_id)

    check_error(book.book(student, enrolment_id, foreign["slot_id"]), 400)
    check_error(book.book(student, enrolment_id, taken["slot_id"]), 409)
    for slot_id in (closed["slot_id"], UNKNOWN_ID, "", "x" * 65, None):
        check_error(book.book(student, enrolment_id, slot_id), 404)
    for body in ({"slot_id": 5}, {"slot_id": ["x"]}, [], "slot"):
        check_error(book.call(student, "POST", f"/api/lessons/enrolments/{enrolment_id}/bookings", json=body), 400)
    check_error(book.book(student, UNKNOWN_ID, open_slot["slot_id"]), 404)
    # The teacher has no sessions to book in their own student's enrolment.
    check_error(book.book(teacher, enrolment_id, open_slot["slot_id"]), 404)
    assert book.fetch(student, enrolment_id) == before
    assert open_slot in book.listed_slots(student, lesson)


def test_each_change_is_a_line_in_the_lesson_conversation_and_one_notification(book, api):
    teacher, student = new_member(api, phoneNum="1"), new_member(api)
    lesson = book.lesson(teacher, price=PRICE, title="첼로 기초", **DESCRIBED)
    enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
    first, second, third = (book.slot(teacher, lesson, SLOT_TIMES.later()) for _ in range(3))
    booking = book.booked(student, enrolment_id, first["slot_id"])
    book.changed(book.move(student, booking["booking_id"], second["slot_id"]))
    book.changed(book.cancel(student, booking["booking_id"]))
    again = book.booked(student, enrolment_id, third["slot_id"])
    book.changed(book.cancel(teacher, again["booking_id"]))

    conversation = book.conversation_about(student, lesson)
    assert conversation is not None and conversation["other"]["id"] == teacher.user_id, conversation
    assert book.conversation_about(teacher, lesson)["id"] == conversation["id"]
    lines = book.lines(student, conversation["id"])
    assert [m["sender_id"] for m in lines] == [student.user_id] * 5 + [teacher.user_id], lines
    marks = ["🎵", "📅", "🔁", "❌", "📅", "❌"]
    assert [m["text"][0] for m in lines] == marks, [m["text"] for m in lines]
    for line, words in zip(lines, ["결제", "예약", "옮겼", "취소", "예약", "취소"]):
        assert words in line["text"], line
    assert "돌아왔" in lines[5]["text"], "the teacher's cancel returns the session"

    link = f"/lessons/enrolments/{enrolment_id}"
    to_teacher = [(n["kind"], n["link"]) for n in book.notifications(teacher)]
    assert to_teacher == [("lesson_booking", link)] * 4 + [("lesson_bought", link)], to_teacher
    to_student = book.notifications(student)
    assert [(n["kind"], n["link"]) for n in to_student] == [("lesson_booking", link)], to_student
    assert teacher.nick in to_student[0]["text"] and "취소" in to_student[0]["text"], to_student
