"""Sprout's own lessons booking API (`/api/lessons`), part two: what happens to a booked session
after it is booked (cancelled by either side, moved) and to an enrolment when it ends with a
refund, by the terms the student paid under.

The rules tested: a student's cancel at least `free_cancel_hours` (24) before the session returns
it; a later one counts the session as used (`session_used`, the booking is `forfeited`) or returns
it (`session_returned`), as the terms say; a move is refused inside that window; the teacher's
cancel always returns the session. A refund before any session was used returns the whole price,
after one the unused sessions' share less the terms' fee (none when the teacher ends it), cancels
the upcoming sessions, and a whole refund takes the payment off LSLP's `payments/me` and the
student off the post's `buyers`. Each refusal changes nothing; a stranger with every id gets 404.

Like part one (test_lessons_booking.py) the tests share the session's server and people, take
slot times from `SLOT_TIMES` (`soon()` for the late window), and join fresh accounts where they
count everything someone has (payments, notifications).
"""
from __future__ import annotations

import pytest

from pyhelpers.lessons_api import expect_status
from pyhelpers.lessons_booking import SLOT_TIMES, BookingAPI, check_error
from pyhelpers.lessons_posts import new_member

PRICE = 80000
UNKNOWN_ID = "0123456789abcdef01234567"
TERMS = {"sessions": 4, "minutes_per_session": 50, "format": "online", "free_cancel_hours": 24,
         "late_cancellation": "session_used", "refund_fee_percent": 10}


@pytest.fixture(scope="module")
def book(server) -> BookingAPI:
    return BookingAPI(server.base_url)


@pytest.fixture
def lesson(book, teacher) -> str:
    return book.lesson(teacher, price=PRICE, title="바이올린 1:1", **TERMS)


@pytest.fixture
def enrolment_id(book, student, lesson) -> str:
    return book.enrol(student, lesson, PRICE)["enrolment_id"]


def open_ids(book, who, post_id: str) -> set[str]:
    """The ids of the lesson's slots `who` may book."""
    return {slot["slot_id"] for slot in book.listed_slots(who, post_id) if slot["available"]}


def booking_in(enrolment: dict, booking_id: str) -> dict:
    (booking,) = [b for b in enrolment["bookings"] if b["booking_id"] == booking_id]
    return booking


def told(book, who, enrolment_id: str) -> list[dict]:
    """`who`'s notifications about the enrolment, newest first."""
    return [n for n in book.notifications(who) if n["link"] == f"/lessons/enrolments/{enrolment_id}"]


# --- Cancelling ----------------------------------------------------------------------------------


def test_a_cancel_in_time_returns_the_session(book, teacher, student, intruder, lesson, enrolment_id):
    slot = book.slot(teacher, lesson, SLOT_TIMES.later())
    booking = book.booked(student, enrolment_id, slot["slot_id"])
    assert book.fetch(student, enrolment_id)["remaining"] == 3
    assert slot["slot_id"] not in open_ids(book, student, lesson)

    check_error(book.cancel(intruder, booking["booking_id"]), 404)
    enrolment = book.changed(book.cancel(student, booking["booking_id"]))
    assert booking_in(enrolment, booking["booking_id"]) == {**booking, "state": "cancelled", "cancelled_by": "student"}
    assert (enrolment["state"], enrolment["remaining"], enrolment["used"], enrolment["refund_quote"]) == ("active", 4, 0, PRICE)
    assert book.fetch(student, enrolment_id) == enrolment
    assert slot["slot_id"] in open_ids(book, student, lesson), "the slot is open again"

    # A cancelled booking is no longer one to cancel; the time can be booked again.
    check_error(book.cancel(student, booking["booking_id"]), 404)
    check_error(book.cancel(student, UNKNOWN_ID), 404)
    assert book.fetch(student, enrolment_id) == enrolment
    again = book.booked(student, enrolment_id, slot["slot_id"])
    assert again["booking_id"] != booking["booking_id"]


@pytest.mark.parametrize("late, state, remaining, used, quote", [
    ("session_used", "forfeited", 3, 1, 54000),  # 80000 × 3/4 = 60000, less the 10% fee
    ("session_returned", "cancelled", 4, 0, PRICE),
])
def test_a_late_cancel_follows_the_terms(book, teacher, student, late, state, remaining, used, quote):
    lesson = book.lesson(teacher, price=PRICE, **{**TERMS, "late_cancellation": late})
    enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
    slot = book.slot(teacher, lesson, SLOT_TIMES.soon())  # two hours or so ahead: inside the 24 hours
    booking = book.booked(student, enrolment_id, slot["slot_id"])

    enrolment = book.changed(book.cancel(student, booking["booking_id"]))
    assert booking_in(enrolment, booking["booking_id"]) == {**booking, "state": state, "cancelled_by": "student"}
    counts = (enrolment["state"], enrolment["remaining"], enrolment["used"], enrolment["refund_quote"])
    assert counts == ("active", remaining, used, quote)
    assert book.fetch(teacher, enrolment_id) == {**enrolment, "role": "teacher",
                                                 "refund_quote": PRICE if used == 0 else 60000}, "the teacher's ending takes no fee"
    assert slot["slot_id"] in open_ids(book, student, lesson), "either way the time is free for someone else"


def test_the_teacher_cancels_and_the_session_returns_even_late(book, teacher, student, lesson, enrolment_id):
    slot = book.slot(teacher, lesson, SLOT_TIMES.soon())
    booking = book.booked(student, enrolment_id, slot["slot_id"])
    assert told(book, student, enrolment_id) == []

    enrolment = book.changed(book.cancel(teacher, booking["booking_id"]))
    assert enrolment["role"] == "teacher"
    assert booking_in(enrolment, booking["booking_id"]) == {**booking, "state": "cancelled", "cancelled_by": "teacher"}
    assert (enrolment["remaining"], enrolment["used"]) == (4, 0)
    assert book.fetch(student, enrolment_id) == {**enrolment, "role": "student"}

    notices = told(book, student, enrolment_id)
    assert [(n["app"], n["kind"]) for n in notices] == [("lessons", "lesson_booking")], notices
    assert teacher.nick in notices[0]["text"] and "취소" in notices[0]["text"], notices
    check_error(book.cancel(teacher, booking["booking_id"]), 404)


# --- Moving --------------------------------------------------------------------------------------


def test_a_move_keeps_the_booking_and_frees_the_old_slot(book, api, teacher, student, intruder, lesson, enrolment_id):
    first, second, third = (book.slot(teacher, lesson, SLOT_TIMES.later()) for _ in range(3))
    booking = book.booked(student, enrolment_id, first["slot_id"])

    check_error(book.move(intruder, booking["booking_id"], second["slot_id"]), 404)
    check_error(book.move(teacher, booking["booking_id"], second["slot_id"]), 404)  # only the student moves
    moved = book.changed(book.move(student, booking["booking_id"], second["slot_id"]))
    assert moved["bookings"] == [{**booking, "slot_id": second["slot_id"], "starts_at": second["starts_at"],
                                  "ends_at": second["ends_at"]}], "the same booking, at the new time"
    assert (moved["remaining"], moved["used"]) == (3, 0)
    assert first["slot_id"] in open_ids(book, student, lesson) and second["slot_id"] not in open_ids(book, student, lesson)
    by_teacher = {s["slot_id"]: s["available"] for s in book.listed_slots(teacher, lesson)}
    assert (by_teacher[first["slot_id"]], by_teacher[second["slot_id"]]) == (True, False)

    # Someone else may now book the old time.
    rival = new_member(api)
    rival_enrolment = book.enrol(rival, lesson, PRICE)["enrolment_id"]
    book.booked(rival, rival_enrolment, first["slot_id"])

    other_lesson = book.lesson(teacher, price=1000, format="online")
    foreign = book.slot(teacher, other_lesson, SLOT_TIMES.later())
    closed = book.slot(teacher, lesson, SLOT_TIMES.later())
    expect_status(book.close_slot(teacher, closed["slot_id"]), 200)
    before = book.fetch(student, enrolment_id)
    check_error(book.move(student, booking["booking_id"], first["slot_id"]), 409)  # the rival's now
    check_error(book.move(student, booking["booking_id"], second["slot_id"]), 409)  # where it is already
    check_error(book.move(student, booking["booking_id"], foreign["slot_id"]), 400)
    for slot_id in (closed["slot_id"], UNKNOWN_ID, "", None):
        check_error(book.move(student, booking["booking_id"], slot_id), 404)
    check_error(book.call(student, "POST", f"/api/lessons/bookings/{booking['booking_id']}/move", json={"slot_id": 7}), 400)
    check_error(book.move(student, UNKNOWN_ID, third["slot_id"]), 404)
    assert book.fetch(student, enrolment_id) == before
    assert third["slot_id"] in open_ids(book, student, lesson)


@pytest.mark.parametrize("hours, status", [(24, 409), (0, 200)])
def test_a_session_moves_only_until_the_free_window(book, teacher, student, hours, status):
    lesson = book.lesson(teacher, price=PRICE, **{**TERMS, "free_cancel_hours": hours})
    enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
    soon, later = book.slot(teacher, lesson, SLOT_TIMES.soon()), book.slot(teacher, lesson, SLOT_TIMES.later())
    booking = book.booked(student, enrolment_id, soon["slot_id"])
    before = book.fetch(student, enrolment_id)

    response = book.move(student, booking["booking_id"], later["slot_id"])
    if status == 409:
        assert "24 hours" in check_error(response, 409)["reason"]
        assert book.fetch(student, enrolment_id) == before
        assert later["slot_id"] in open_ids(book, student, lesson)
    else:
        moved = book.changed(response)
        assert booking_in(moved, booking["booking_id"])["slot_id"] == later["slot_id"]
        assert soon["slot_id"] in open_ids(book, student, lesson)


# --- Refunds -------------------------------------------------------------------------------------


def test_a_refund_before_any_session_returns_the_whole_price(book, api, teacher, intruder, lesson):
    student = new_member(api)
    enrolment = book.enrol(student, lesson, PRICE)
    enrolment_id = enrolment["enrolment_id"]
    slots = [book.slot(teacher, lesson, SLOT_TIMES.later()) for _ in range(2)]
    bookings = [book.booked(student, enrolment_id, slot["slot_id"]) for slot in slots]
    assert book.fetch(student, enrolment_id)["refund_quote"] == PRICE
    assert [r["post_id"] for r in student.payments()] == [lesson]
    assert student.user_id in student.fetch_post(lesson)["buyers"]

    before = book.fetch(student, enrolment_id)
    check_error(book.refund(intruder, enrolment_id), 404)
    check_error(book.refund(None, enrolment_id), 401)
    check_error(book.refund(student, UNKNOWN_ID), 404)
    assert book.fetch(student, enrolment_id) == before

    refunded = book.changed(book.refund(student, enrolment_id))
    assert refunded == {**before, "state": "refunded", "refunded_amount": PRICE, "refund_quote": 0, "remaining": 0,
                        "bookings": [{**b, "state": "cancelled", "cancelled_by": "student"} for b in bookings]}
    assert book.fetch(teacher, enrolment_id) == {**refunded, "role": "teacher"}
    assert student.payments() == [], "a payment refunded whole is no longer listed"
    assert student.user_id not in student.fetch_post(lesson)["buyers"]
    assert {s["slot_id"] for s in slots} <= open_ids(book, intruder, lesson), "its sessions' times are free again"

    notices = told(book, teacher, enrolment_id)
    assert [n["kind"] for n in notices][:1] == ["lesson_refund"] and "80,000" in notices[0]["text"], notices
    conversation = book.conversation_about(student, lesson)
    assert book.lines(student, conversation["id"])[-1]["text"].startswith("💸")

    # Ended: nothing more to refund, book or cancel.
    for who in (student, teacher):
        assert "ended" in check_error(book.refund(who, enrolment_id), 409)["reason"]
    check_error(book.book(student, enrolment_id, slots[0]["slot_id"]), 409)
    check_error(book.cancel(student, bookings[0]["booking_id"]), 404)
    assert "ended" in check_error(book.move(student, bookings[0]["booking_id"], slots[1]["slot_id"]), 409)["reason"]
    assert book.fetch(student, enrolment_id) == refunded


def test_a_refund_after_a_used_session_is_the_unused_share(book, api, teacher, lesson):
    """One session forfeited of four: the student's ending refunds 3/4 of the price less the 10%
    fee, the teacher's the whole 3/4. Neither is a whole refund, so the payments stay listed."""
    student = new_member(api)
    amounts = {}
    for ender in ("student", "teacher"):
        enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
        booking = book.booked(student, enrolment_id, book.slot(teacher, lesson, SLOT_TIMES.soon())["slot_id"])
        book.changed(book.cancel(student, booking["booking_id"]))
        upcoming = book.booked(student, enrolment_id, book.slot(teacher, lesson, SLOT_TIMES.later())["slot_id"])
        refunded = book.changed(book.refund(student if ender == "student" else teacher, enrolment_id))
        amounts[ender] = refunded["refunded_amount"]
        assert (refunded["state"], refunded["used"], refunded["refund_quote"]) == ("refunded", 1, 0)
        assert [b["state"] for b in refunded["bookings"]] == ["forfeited", "cancelled"]
        assert booking_in(refunded, upcoming["booking_id"])["cancelled_by"] == ender
    assert amounts == {"student": 54000, "teacher": 60000}
    assert len(student.payments()) == 2, "partly refunded payments stay listed"
    assert student.user_id in student.fetch_post(lesson)["buyers"]
