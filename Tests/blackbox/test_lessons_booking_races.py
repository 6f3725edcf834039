"""Sprout's lessons booking under concurrency, on SQLite and on PostgreSQL; the session reminders
every instance polls for; and what the passing of time does to bookings.

Races: requests released together by a barrier must leave a state some order of them would have
left, and answer as that order would. Two students racing for one slot: one booking, one 409.
One student booking two slots with one session left: one booking, one 409. Two refunds of one
enrolment (by either side): one refund, one 409. Two overlapping openings: one slot, one 409. A
slot closed while it is booked: the close or the booking wins, not both. A booking cancelled
twice at once (a double tap, or both sides): one cancel, one 404. Each race runs several rounds
on each database, since one round may not overlap in time.

Reminders: with `SPROUT_LESSON_REMINDER_SECONDS=1` an instance looks every second for sessions
starting within a day or an hour. A session booked an hour and a few seconds ahead gets the hour
reminder (both sides, once) and not the day one (booked after its time). On PostgreSQL two
instances poll the same database, and each person must still be reminded once.

Time: the day reminder, taken sessions, completed enrolments and past slots are seen by moving a
server's clock forward (`SPROUT_CLOCK_OFFSET_FILE`) instead of waiting.

PostgreSQL is `TEST_DATABASE_URL` (CI sets it), or the local server .ci/run sets up
(`sprout`/`sprout` on 127.0.0.1); each server gets a scratch database. When neither is
reachable the PostgreSQL cases skip, except in CI (`CI=true`), where they fail.
"""
from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import timedelta
from typing import Callable

import pytest
import requests

from pyhelpers.lessons_api import LessonsAPI, describe
from pyhelpers.lessons_booking import BookingAPI, SlotTimes, check_error, parse_wire, utc_now, wire
from pyhelpers.lessons_posts import Member, new_member
from pyhelpers.scratch_postgres import create_database, drop_database
from pyhelpers.sprout_server import NO_RATE_LIMITS, SproutServer, start_server

PG_ADMIN_URL = os.environ.get("TEST_DATABASE_URL") or "postgres://sprout:sprout@127.0.0.1:5432/sprout_test"
SETTINGS = {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"}
PRICE = 60000
ROUNDS = 5


def scratch_database(prefix: str) -> tuple[str, str]:
    """A scratch PostgreSQL database (name, url); skips when there is none to be had, but fails in CI."""
    created = create_database(PG_ADMIN_URL, prefix)
    if created:
        return created
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI needs PostgreSQL: could not create a database through {PG_ADMIN_URL}")
    pytest.skip("PostgreSQL is not reachable (set TEST_DATABASE_URL)")


def race(*calls: Callable[[], requests.Response]) -> list[requests.Response]:
    """Runs the calls at once (released together by a barrier); their answers in the calls' order."""
    start = threading.Barrier(len(calls))

    def run(call):
        start.wait()
        return call()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def statuses(responses: list[requests.Response]) -> list[int]:
    return sorted(response.status_code for response in responses)


# --- Races on both databases ---------------------------------------------------------------------


@dataclass
class World:
    book: BookingAPI
    teacher: Member
    students: list[Member]
    times: SlotTimes


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def world(request, tmp_path_factory):
    """A server on the parameter's database, with a teacher and two students of its own."""
    env, scratch, server = dict(SETTINGS), None, None
    if request.param == "postgres":
        scratch, env["DATABASE_URL"] = scratch_database("sprout_booking_")
    try:
        server = start_server(tmp_path_factory.mktemp(f"booking-{request.param}"), env)
        api = LessonsAPI(server.base_url, server.dev_key())
        yield World(BookingAPI(server.base_url), new_member(api, phoneNum="1"), [new_member(api), new_member(api)], SlotTimes())
    finally:
        if server:
            server.stop()
        if scratch:
            drop_database(PG_ADMIN_URL, scratch)


def test_two_students_racing_for_one_slot_make_one_booking(world):
    book, teacher, (first, second) = world.book, world.teacher, world.students
    lesson = book.lesson(teacher, price=PRICE, sessions=ROUNDS, format="online")
    enrolments = [book.enrol(student, lesson, PRICE)["enrolment_id"] for student in (first, second)]
    for round_ in range(ROUNDS):
        slot = book.slot(teacher, lesson, world.times.later())
        pair = [(first, enrolments[0]), (second, enrolments[1])][:: 1 if round_ % 2 else -1]
        responses = race(*[(lambda s=student, e=enrolment: book.book(s, e, slot["slot_id"])) for student, enrolment in pair])
        assert statuses(responses) == [200, 409], [describe(r) for r in responses]
        loser = next(r for r in responses if r.status_code == 409)
        assert check_error(loser, 409)["reason"] == "Someone booked this slot already."
        holders = [e for s, e in zip((first, second), enrolments)
                   if any(b["slot_id"] == slot["slot_id"] and b["state"] == "booked" for b in book.fetch(s, e)["bookings"])]
        assert len(holders) == 1, f"round {round_}: the slot is booked {len(holders)} times"
        assert [s["available"] for s in book.listed_slots(teacher, lesson) if s["slot_id"] == slot["slot_id"]] == [False]
    seen = [book.fetch(student, enrolment) for student, enrolment in zip((first, second), enrolments)]
    assert sum(len(e["bookings"]) for e in seen) == ROUNDS
    assert sum(e["remaining"] for e in seen) == ROUNDS


def test_the_last_session_is_booked_once_however_many_slots_are_asked(world):
    book, teacher, student = world.book, world.teacher, world.students[0]
    lesson = book.lesson(teacher, price=PRICE, sessions=1, format="online")
    for round_ in range(ROUNDS):
        enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
        slots = [book.slot(teacher, lesson, world.times.later()) for _ in range(2)]
        responses = race(*[(lambda slot_id=slot["slot_id"]: book.book(student, enrolment_id, slot_id)) for slot in slots])
        assert statuses(responses) == [200, 409], [describe(r) for r in responses]
        loser = next(r for r in responses if r.status_code == 409)
        assert check_error(loser, 409)["reason"].startswith("Every session"), describe(loser)
        enrolment = book.fetch(student, enrolment_id)
        assert (len(enrolment["bookings"]), enrolment["remaining"]) == (1, 0), f"round {round_}: {enrolment}"
        lost = slots[[r.status_code for r in responses].index(409)]
        assert lost["slot_id"] in {s["slot_id"] for s in book.listed_slots(student, lesson)}, "the other slot stays open"


@pytest.mark.parametrize("who", ["student-student", "student-teacher", "teacher-teacher"])
def test_two_refunds_at_once_refund_once(world, who):
    book, teacher, student = world.book, world.teacher, world.students[1]
    people = {"student": student, "teacher": teacher}
    enders = [people[name] for name in who.split("-")]
    lesson = book.lesson(teacher, price=PRICE, sessions=2, format="online")
    for round_ in range(3):
        enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
        booking = book.booked(student, enrolment_id, book.slot(teacher, lesson, world.times.later())["slot_id"])
        responses = race(*[(lambda person=person: book.refund(person, enrolment_id)) for person in enders])
        assert statuses(responses) == [200, 409], [describe(r) for r in responses]
        check_error(next(r for r in responses if r.status_code == 409), 409)
        enrolment = book.fetch(student, enrolment_id)
        assert (enrolment["state"], enrolment["refunded_amount"]) == ("refunded", PRICE), f"round {round_}: {enrolment}"
        assert [(b["booking_id"], b["state"]) for b in enrolment["bookings"]] == [(booking["booking_id"], "cancelled")]
    assert [r for r in student.payments() if r["post_id"] == lesson] == [], "every payment refunded whole, once"
    assert student.user_id not in student.fetch_post(lesson)["buyers"]


def test_a_slot_closed_while_it_is_booked_ends_one_way(world):
    """The teacher closes a slot as a student books it: either the close wins (the booking is
    404: no such slot) or the booking does (the close is 409: booked), never both. A booking reads
    more before it writes than a close does, so the close is sent a little later each round (0 to
    20 ms) to meet the booking's write at different points."""
    book, teacher, student = world.book, world.teacher, world.students[0]
    lesson = book.lesson(teacher, price=PRICE, sessions=ROUNDS * 4, format="online")
    enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
    outcomes = []
    for round_ in range(ROUNDS * 4):
        slot = book.slot(teacher, lesson, world.times.later())
        delay = round_ % 6 * 0.004
        booking, closing = race(lambda: book.book(student, enrolment_id, slot["slot_id"]),
                                lambda: time.sleep(delay) or book.close_slot(teacher, slot["slot_id"]))
        pair = (booking.status_code, closing.status_code)
        assert pair in ((200, 409), (404, 200)), f"round {round_}: {describe(booking)} / {describe(closing)}"
        held = [b for b in book.fetch(student, enrolment_id)["bookings"] if b["slot_id"] == slot["slot_id"]]
        listed = [s for s in book.listed_slots(teacher, lesson) if s["slot_id"] == slot["slot_id"]]
        if pair == (200, 409):
            assert [b["state"] for b in held] == ["booked"] and [s["available"] for s in listed] == [False], (held, listed)
        else:
            assert held == [] and listed == [], (held, listed)
        outcomes.append(pair)
    assert len(book.fetch(student, enrolment_id)["bookings"]) == outcomes.count((200, 409))


def test_two_overlapping_openings_at_once_open_one(world):
    """One teacher's slots are opened one request at a time, so two overlapping times sent at
    once (for two lessons of theirs) cannot both pass the overlap check."""
    book, teacher = world.book, world.teacher
    lessons = [book.lesson(teacher, price=PRICE, format="online") for _ in range(2)]
    for round_ in range(ROUNDS):
        start = world.times.later()
        bodies = [{"starts_at": wire(start)}, {"starts_at": wire(start + timedelta(minutes=30))}]
        responses = race(*[(lambda post_id=post_id, body=body: book.open_slots(teacher, post_id, body))
                           for post_id, body in zip(lessons, bodies)])
        assert statuses(responses) == [200, 409], f"round {round_}: {[describe(r) for r in responses]}"
        opened = [s for post_id in lessons for s in book.listed_slots(teacher, post_id)
                  if start <= parse_wire(s["starts_at"]) <= start + timedelta(minutes=30)]
        assert len(opened) == 1, opened


@pytest.mark.parametrize("who", ["student-student", "student-teacher"])
def test_a_booking_cancelled_twice_at_once_is_cancelled_once(world, who):
    """A double tap, or both sides at once: one cancel and one 404, as one after the other would
    answer, and one line in the lesson conversation per cancel that happened."""
    book, teacher, student = world.book, world.teacher, world.students[0]
    people = {"student": student, "teacher": teacher}
    cancellers = [people[name] for name in who.split("-")]
    lesson = book.lesson(teacher, price=PRICE, sessions=ROUNDS, format="online")
    enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
    for round_ in range(ROUNDS):
        booking = book.booked(student, enrolment_id, book.slot(teacher, lesson, world.times.later())["slot_id"])
        responses = race(*[(lambda person=person: book.cancel(person, booking["booking_id"])) for person in cancellers])
        assert statuses(responses) == [200, 404], f"round {round_}: {[describe(r) for r in responses]}"
        winner = cancellers[[r.status_code for r in responses].index(200)]
        (seen,) = [b for b in book.fetch(student, enrolment_id)["bookings"] if b["booking_id"] == booking["booking_id"]]
        assert (seen["state"], seen["cancelled_by"]) == ("cancelled", "student" if winner is student else "teacher"), seen
    conversation = book.conversation_about(student, lesson)
    cancels = [m for m in book.lines(student, conversation["id"]) if m["text"].startswith("❌")]
    assert len(cancels) == ROUNDS, [m["text"] for m in cancels]
    assert book.fetch(student, enrolment_id)["remaining"] == ROUNDS


# --- Reminders -----------------------------------------------------------------------------------

REMINDING = {**SETTINGS, "SPROUT_LESSON_REMINDER_SECONDS": "1",
             "SPROUT_TOKEN_SECRET": "booking-reminders-" + "0123456789abcdef" * 4}


@pytest.fixture(params=["sqlite-one-instance", "postgres-two-instances"])
def reminding(request, tmp_path) -> list[SproutServer]:
    """Servers that look for due reminders every second: one on SQLite, or two sharing a scratch
    PostgreSQL database (the second starts once the first migrated it)."""
    servers, scratch, env = [], None, dict(REMINDING)
    try:
        if request.param.startswith("postgres"):
            scratch, env["DATABASE_URL"] = scratch_database("sprout_reminders_")
        for number in range(1 if request.param.startswith("sqlite") else 2):
            workdir = tmp_path / f"instance-{number}"
            workdir.mkdir()
            servers.append(start_server(workdir, env))
        yield servers
    finally:
        for server in servers:
            server.stop()
        if scratch:
            drop_database(PG_ADMIN_URL, scratch)


def reminders(books: list[BookingAPI], who: Member) -> list[dict]:
    """`who`'s reminders, read on every instance (they share the database, so they must agree)."""
    seen = [[n for n in book.notifications(who) if n["kind"] == "lesson_reminder"] for book in books]
    assert all(other == seen[0] for other in seen), seen
    return seen[0]


def test_a_session_booked_an_hour_ahead_is_reminded_once_an_hour_before(reminding):
    books = [BookingAPI(server.base_url) for server in reminding]
    book = books[0]
    api = LessonsAPI(reminding[0].base_url, reminding[0].dev_key())
    teacher, student = new_member(api, phoneNum="1"), new_member(api)
    lesson = book.lesson(teacher, price=PRICE, title="오보에 레슨", sessions=2, format="online")
    enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]

    opened_at = utc_now()
    starts = (opened_at + timedelta(hours=1, seconds=8)).replace(microsecond=0)
    slot = book.slot(teacher, lesson, wire(starts))
    book.booked(student, enrolment_id, slot["slot_id"])

    # Its day reminder's time passed before it was booked: the pollers claim and skip it.
    time.sleep(max(0.0, 3 - (utc_now() - opened_at).total_seconds()))
    assert utc_now() < starts - timedelta(hours=1), "booked and checked before the hour reminder is due"
    assert reminders(books, student) == [] and reminders(books, teacher) == []

    deadline = time.monotonic() + 25
    while time.monotonic() < deadline and not (reminders(books, student) and reminders(books, teacher)):
        time.sleep(0.5)
    time.sleep(3)  # three more looks by every instance: a second reminder would be there by now
    link = f"/lessons/enrolments/{enrolment_id}"
    for who in (student, teacher):
        got = reminders(books, who)
        assert [(n["app"], n["link"]) for n in got] == [("lessons", link)], f"exactly one reminder for {who.nick}: {got}"
        assert "1시간 뒤" in got[0]["text"] and "오보에 레슨" in got[0]["text"], got
        assert "내일" not in got[0]["text"], got


def test_a_session_booked_days_ahead_is_reminded_the_day_before_and_the_hour_before(tmp_path):
    """The server's clock is moved forward (`SPROUT_CLOCK_OFFSET_FILE`) to each reminder's time."""
    offset = tmp_path / "clock-offset"
    offset.write_text("0")
    (tmp_path / "server").mkdir()
    server = start_server(tmp_path / "server", {**REMINDING, "SPROUT_CLOCK_OFFSET_FILE": str(offset)})
    try:
        book, api = BookingAPI(server.base_url), LessonsAPI(server.base_url, server.dev_key())
        teacher, student = new_member(api, phoneNum="1"), new_member(api)
        lesson = book.lesson(teacher, price=PRICE, title="호른 레슨", format="online")
        enrolment_id = book.enrol(student, lesson, PRICE)["enrolment_id"]
        starts = (utc_now() + timedelta(days=3)).replace(second=0, microsecond=0)
        book.booked(student, enrolment_id, book.slot(teacher, lesson, starts)["slot_id"])
        time.sleep(2.5)
        assert reminders([book], student) == []

        def move_clock_to(moment) -> list[list[dict]]:
            offset.write_text(str((moment - utc_now()).total_seconds()))
            time.sleep(0.5)  # the server reads the file again within 0.2 s
            for who in (student, teacher):  # days on, their access tokens have expired: log in again
                who.token = api.sign_in(who.account)["accessToken"]
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                got = [reminders([book], who) for who in (student, teacher)]
                if all(got):
                    break
                time.sleep(0.5)
            time.sleep(2.5)
            return [reminders([book], who) for who in (student, teacher)]

        for who in move_clock_to(starts - timedelta(hours=24, seconds=-2)):
            assert len(who) == 1 and "내일" in who[0]["text"], who
        for who in move_clock_to(starts - timedelta(hours=1, seconds=-2)):
            assert len(who) == 2 and "1시간 뒤" in who[0]["text"] and "내일" in who[1]["text"], who
    finally:
        server.stop()


# --- Time passing ----------------------------------------------------------------------------------


def test_sessions_whose_time_passed_are_taken_and_past_slots_are_not_offered(tmp_path):
    """The server's clock is moved past booked sessions (`SPROUT_CLOCK_OFFSET_FILE`): they count
    as taken (used, no longer cancelled or moved), an enrolment whose every session is taken is
    completed, a past open slot is offered to no student and cannot be booked, and a refund is the
    unused sessions' share less the fee."""
    offset = tmp_path / "clock-offset"
    offset.write_text("0")
    (tmp_path / "server").mkdir()
    server = start_server(tmp_path / "server", {**SETTINGS, "SPROUT_CLOCK_OFFSET_FILE": str(offset)})
    try:
        book, api = BookingAPI(server.base_url), LessonsAPI(server.base_url, server.dev_key())
        teacher, student = new_member(api, phoneNum="1"), new_member(api)
        four = book.lesson(teacher, price=80000, sessions=4, format="online", refund_fee_percent=10)
        one = book.lesson(teacher, price=30000, sessions=1, format="online")
        enrolment_id, single_id = book.enrol(student, four, 80000)["enrolment_id"], book.enrol(student, one, 30000)["enrolment_id"]
        base = (utc_now() + timedelta(days=2)).replace(second=0, microsecond=0)
        past_open = book.slot(teacher, four, base - timedelta(days=1))
        first, second = book.slot(teacher, four, base), book.slot(teacher, four, base + timedelta(days=2))
        future_open = book.slot(teacher, four, base + timedelta(days=1))
        only = book.slot(teacher, one, base + timedelta(hours=2))
        taken = book.booked(student, enrolment_id, first["slot_id"])
        upcoming = book.booked(student, enrolment_id, second["slot_id"])
        book.booked(student, single_id, only["slot_id"])

        def move_clock_to(moment) -> None:
            offset.write_text(str((moment - utc_now()).total_seconds()))
            time.sleep(0.5)  # the server reads the file again within 0.2 s
            for who in (student, teacher):  # days on, their access tokens have expired: log in again
                who.token = api.sign_in(who.account)["accessToken"]

        move_clock_to(base + timedelta(hours=4))
        enrolment = book.fetch(student, enrolment_id)
        assert [(b["booking_id"], b["state"]) for b in enrolment["bookings"]] == [(taken["booking_id"], "taken"),
                                                                                 (upcoming["booking_id"], "booked")]
        assert (enrolment["state"], enrolment["used"], enrolment["remaining"], enrolment["refund_quote"]) == ("active", 1, 2, 54000)
        assert book.fetch(teacher, enrolment_id)["refund_quote"] == 60000, "the teacher's ending takes no fee"
        single = book.fetch(student, single_id)
        assert (single["state"], single["used"], single["remaining"], single["refund_quote"]) == ("completed", 1, 0, 0)

        for response in (book.cancel(student, taken["booking_id"]), book.cancel(teacher, taken["booking_id"]),
                         book.move(student, taken["booking_id"], future_open["slot_id"])):
            assert "started" in check_error(response, 409)["reason"]
        check_error(book.book(student, enrolment_id, past_open["slot_id"]), 400)
        assert book.fetch(student, enrolment_id) == enrolment

        since = {"from": wire(base - timedelta(days=2)), "to": wire(base + timedelta(days=30))}
        assert book.listed_slots(student, four, **since) == [future_open], "past and booked slots are not offered"
        assert [(s["slot_id"], s["available"]) for s in book.listed_slots(teacher, four, **since)] == [
            (past_open["slot_id"], True), (first["slot_id"], False), (future_open["slot_id"], True), (second["slot_id"], False)]

        # Half an hour before the second session a cancel is late: it counts as used.
        move_clock_to(base + timedelta(days=2, minutes=-30))
        cancelled = book.changed(book.cancel(student, upcoming["booking_id"]))
        assert (cancelled["used"], cancelled["remaining"], cancelled["refund_quote"]) == (2, 2, 36000)
        refunded = book.changed(book.refund(student, enrolment_id))
        assert (refunded["state"], refunded["refunded_amount"]) == ("refunded", 36000)
        assert [b["state"] for b in refunded["bookings"]] == ["taken", "forfeited"]
        assert {r["post_id"] for r in student.payments()} == {four, one}, "a partial refund keeps the payment listed"
    finally:
        server.stop()
