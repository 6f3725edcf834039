"""A client of Sprout's own lessons booking API (`/api/lessons`) and calendar feed
(`/api/calendar`), with checks that hold every answer to the documented wire shapes.

People are LSLP members (`pyhelpers.lessons_posts.new_member`): the access token LSLP's login
gives is also a bearer token for Sprout's own API. A lesson is an LSLP post under the
`allforlesson` product (only those are lessons), paid through the sandbox gateway; validating the
payment makes the enrolment that sessions are booked from.

The teacher's open times may never overlap (across all their lessons), so tests that share a
teacher take their times from `SlotTimes`, which hands out times that never meet within one
process: `soon()` (within the day, later than the default 24-hour free window's start),
`later()` (days ahead) and `weekly()` (months ahead, with room for weekly repeats)."""
from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone
from typing import Any

import requests

from pyhelpers.lessons_api import describe, expect_status
from pyhelpers.lessons_posts import Member, lesson_body

LESSON_PRODUCT = "allforlesson"
# Asia/Seoul keeps UTC+9 all year.
SEOUL = timezone(timedelta(hours=9), "KST")

TERMS_KEYS = {"post_id", "sessions", "minutes_per_session", "format", "curriculum", "bring", "free_cancel_hours",
              "late_cancellation", "refund_fee_percent", "price", "price_per_session", "described"}
OPTIONAL_TERMS_KEYS = {"region_code", "region_name", "dong"}
SLOT_KEYS = {"slot_id", "post_id", "starts_at", "ends_at", "available"}
BOOKING_KEYS = {"booking_id", "enrolment_id", "slot_id", "starts_at", "ends_at", "state"}
ENROLMENT_KEYS = {"enrolment_id", "post_id", "title", "role", "teacher", "student", "state", "sessions", "remaining", "used",
                  "price", "paid_at", "refund_quote", "terms", "bookings"}
BOOKING_STATES = {"booked", "taken", "cancelled", "forfeited"}
ENROLMENT_STATES = {"active", "completed", "refunded"}


# --- Times -------------------------------------------------------------------------------------


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def wire(moment: datetime) -> str:
    """A UTC instant as the API writes it: `2026-12-01T10:00:00Z`."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_wire(text: str) -> datetime:
    assert isinstance(text, str) and len(text) == 20 and text.endswith("Z"), f"not a wire time: {text!r}"
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


class SlotTimes:
    """Start times that never overlap one another, shared by every test of a process so that one
    teacher's slots opened by different tests never collide. A `soon()` slot lasts an hour at
    most; the others two hours at most."""

    STEPS = {"soon": timedelta(minutes=65), "later": timedelta(hours=3), "weekly": timedelta(hours=3)}

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last: dict[str, datetime] = {}

    def _next(self, region: str, ahead: timedelta) -> datetime:
        with self._lock:
            earliest = (utc_now() + ahead).replace(second=0, microsecond=0) + timedelta(minutes=1)
            last = self._last.get(region)
            step = self.STEPS[region]
            chosen = earliest if last is None or last + step <= earliest else last + step
            self._last[region] = chosen
            return chosen

    def soon(self) -> datetime:
        """About two hours ahead (later ones a few hours more): inside a 24-hour late window."""
        chosen = self._next("soon", timedelta(hours=2))
        assert chosen - utc_now() < timedelta(hours=22), "too many soon() times in one run"
        return chosen

    def later(self) -> datetime:
        """Two days ahead or later: free to cancel and move, and in the default four-week list."""
        return self._next("later", timedelta(days=2))

    def weekly(self) -> datetime:
        """Five months ahead, for slots repeated weekly (up to three weeks)."""
        return self._next("weekly", timedelta(days=150))


SLOT_TIMES = SlotTimes()


# --- Shapes ------------------------------------------------------------------------------------


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _keys(value, required: set[str], optional: set[str], what: str) -> None:
    assert isinstance(value, dict), f"{what} is not an object: {value!r}"
    missing, extra = required - set(value), set(value) - required - optional
    assert not missing and not extra, f"{what} lacks {sorted(missing)}, has extra {sorted(extra)}: {value!r}"


def check_error(response: requests.Response, status: int) -> dict:
    """The platform's error body `{"error": true, "reason": "..."}` with the status."""
    expect_status(response, status)
    body = response.json()
    assert isinstance(body, dict) and set(body) == {"error", "reason"}, describe(response)
    assert body["error"] is True and isinstance(body["reason"], str) and body["reason"], describe(response)
    return body


def check_terms(terms) -> dict:
    _keys(terms, TERMS_KEYS, OPTIONAL_TERMS_KEYS, "terms")
    for name in ("sessions", "minutes_per_session", "free_cancel_hours", "refund_fee_percent", "price", "price_per_session"):
        assert _is_int(terms[name]), f"{name} in {terms!r}"
    assert terms["format"] in ("in_person", "online"), terms
    assert terms["late_cancellation"] in ("session_used", "session_returned"), terms
    assert isinstance(terms["curriculum"], list) and all(isinstance(line, str) for line in terms["curriculum"]), terms
    assert isinstance(terms["bring"], str) and isinstance(terms["described"], bool), terms
    assert terms["price_per_session"] == terms["price"] // max(terms["sessions"], 1), terms
    return terms


def check_slot(slot) -> dict:
    _keys(slot, SLOT_KEYS, set(), "slot")
    assert isinstance(slot["slot_id"], str) and slot["slot_id"], slot
    assert parse_wire(slot["ends_at"]) > parse_wire(slot["starts_at"]), slot
    assert isinstance(slot["available"], bool), slot
    return slot


def check_booking(booking) -> dict:
    _keys(booking, BOOKING_KEYS, {"cancelled_by"}, "booking")
    assert booking["state"] in BOOKING_STATES, booking
    assert parse_wire(booking["ends_at"]) > parse_wire(booking["starts_at"]), booking
    if booking["state"] in ("cancelled", "forfeited"):
        assert booking.get("cancelled_by") in ("student", "teacher"), booking
    else:
        assert "cancelled_by" not in booking, booking
    return booking


def check_enrolment(enrolment) -> dict:
    _keys(enrolment, ENROLMENT_KEYS, {"refunded_amount"}, "enrolment")
    assert enrolment["role"] in ("student", "teacher"), enrolment
    assert enrolment["state"] in ENROLMENT_STATES, enrolment
    for person in ("teacher", "student"):
        _keys(enrolment[person], {"user_id", "nick"}, set(), person)
    for name in ("sessions", "remaining", "used", "price", "refund_quote"):
        assert _is_int(enrolment[name]) and enrolment[name] >= 0, f"{name} in {enrolment!r}"
    assert enrolment["remaining"] <= enrolment["sessions"], enrolment
    parse_wire(enrolment["paid_at"])
    check_terms(enrolment["terms"])
    for booking in enrolment["bookings"]:
        check_booking(booking)
        assert booking["enrolment_id"] == enrolment["enrolment_id"], booking
    starts = [booking["starts_at"] for booking in enrolment["bookings"]]
    assert starts == sorted(starts), "bookings are oldest first"
    return enrolment


# --- The client --------------------------------------------------------------------------------


class BookingAPI:
    """`who` is a Member (its bearer token), a str (sent as the whole Authorization value) or None."""

    def __init__(self, base_url: str):
        self.base_url = base_url

    def call(self, who, method: str, path: str, headers: dict | None = None, **kwargs) -> requests.Response:
        headers = dict(headers or {})
        if isinstance(who, Member):
            headers["Authorization"] = f"Bearer {who.token}"
        elif isinstance(who, str):
            headers["Authorization"] = who
        kwargs.setdefault("timeout", 30)
        return requests.request(method, self.base_url + path, headers=headers, **kwargs)

    # Raw calls, one per route

    def terms(self, who, post_id: str) -> requests.Response:
        return self.call(who, "GET", f"/api/lessons/{post_id}/terms")

    def describe(self, who, post_id: str, body: Any = None, **kwargs) -> requests.Response:
        if body is not None:
            kwargs["json"] = body
        return self.call(who, "PUT", f"/api/lessons/{post_id}/terms", **kwargs)

    def slots(self, who, post_id: str, **params: str) -> requests.Response:
        return self.call(who, "GET", f"/api/lessons/{post_id}/slots", params=params)

    def open_slots(self, who, post_id: str, body: Any) -> requests.Response:
        return self.call(who, "POST", f"/api/lessons/{post_id}/slots", json=body)

    def close_slot(self, who, slot_id: str) -> requests.Response:
        return self.call(who, "DELETE", f"/api/lessons/slots/{slot_id}")

    def enrolments(self, who) -> requests.Response:
        return self.call(who, "GET", "/api/lessons/enrolments")

    def enrolment(self, who, enrolment_id: str) -> requests.Response:
        return self.call(who, "GET", f"/api/lessons/enrolments/{enrolment_id}")

    def book(self, who, enrolment_id: str, slot_id: Any) -> requests.Response:
        return self.call(who, "POST", f"/api/lessons/enrolments/{enrolment_id}/bookings", json={"slot_id": slot_id})

    def cancel(self, who, booking_id: str) -> requests.Response:
        return self.call(who, "POST", f"/api/lessons/bookings/{booking_id}/cancel")

    def move(self, who, booking_id: str, slot_id: Any) -> requests.Response:
        return self.call(who, "POST", f"/api/lessons/bookings/{booking_id}/move", json={"slot_id": slot_id})

    def refund(self, who, enrolment_id: str) -> requests.Response:
        return self.call(who, "POST", f"/api/lessons/enrolments/{enrolment_id}/refund")

    def calendar(self, who) -> requests.Response:
        return self.call(who, "GET", "/api/calendar")

    def reset_calendar(self, who) -> requests.Response:
        return self.call(who, "POST", "/api/calendar/reset")

    # Answers expected to succeed

    def current_terms(self, who, post_id: str) -> dict:
        response = self.terms(who, post_id)
        expect_status(response, 200)
        return check_terms(response.json())

    def described(self, teacher: Member, post_id: str, **fields) -> dict:
        response = self.describe(teacher, post_id, fields)
        expect_status(response, 200)
        return check_terms(response.json())

    def listed_slots(self, who, post_id: str, **params: str) -> list[dict]:
        response = self.slots(who, post_id, **params)
        expect_status(response, 200)
        body = response.json()
        _keys(body, {"slots"}, set(), "slot list")
        slots = [check_slot(slot) for slot in body["slots"]]
        assert [s["starts_at"] for s in slots] == sorted(s["starts_at"] for s in slots), "earliest first"
        assert all(slot["post_id"] == post_id for slot in slots), slots
        return slots

    def opened(self, teacher: Member, post_id: str, starts_at: datetime | str, **fields) -> list[dict]:
        text = starts_at if isinstance(starts_at, str) else wire(starts_at)
        response = self.open_slots(teacher, post_id, {"starts_at": text, **fields})
        expect_status(response, 200)
        body = response.json()
        _keys(body, {"slots"}, set(), "opened slots")
        slots = [check_slot(slot) for slot in body["slots"]]
        assert all(slot["available"] and slot["post_id"] == post_id for slot in slots), slots
        return slots

    def slot(self, teacher: Member, post_id: str, starts_at: datetime | str, **fields) -> dict:
        """One slot opened at `starts_at`."""
        (slot,) = self.opened(teacher, post_id, starts_at, **fields)
        return slot

    def my_enrolments(self, who) -> list[dict]:
        response = self.enrolments(who)
        expect_status(response, 200)
        body = response.json()
        _keys(body, {"enrolments"}, set(), "enrolment list")
        enrolments = [check_enrolment(enrolment) for enrolment in body["enrolments"]]
        paid = [enrolment["paid_at"] for enrolment in enrolments]
        assert paid == sorted(paid, reverse=True), "newest first"
        return enrolments

    def fetch(self, who, enrolment_id: str) -> dict:
        response = self.enrolment(who, enrolment_id)
        expect_status(response, 200)
        return check_enrolment(response.json())

    def booked(self, student: Member, enrolment_id: str, slot_id: str) -> dict:
        """Books and returns the new booking (the enrolment's booking on that slot)."""
        response = self.book(student, enrolment_id, slot_id)
        expect_status(response, 200)
        enrolment = check_enrolment(response.json())
        (booking,) = [b for b in enrolment["bookings"] if b["slot_id"] == slot_id and b["state"] == "booked"]
        return booking

    def changed(self, response: requests.Response) -> dict:
        """The enrolment a cancel, move or refund answers."""
        expect_status(response, 200)
        return check_enrolment(response.json())

    def feed_location(self, who) -> dict:
        response = self.calendar(who)
        expect_status(response, 200)
        body = response.json()
        _keys(body, {"url", "webcal"}, set(), "calendar location")
        return body

    # Lessons and enrolments

    def lesson(self, teacher: Member, *, price: int = 80000, title: str = "플룻 입문 1:1 레슨", **terms) -> str:
        """A new lesson of `teacher` (an LSLP post under the lesson product), described with
        `terms` when any are given; its post_id."""
        response = teacher.create_post(lesson_body(LESSON_PRODUCT, title=title, price=price))
        expect_status(response, 200)
        post_id = response.json()["post_id"]
        if terms:
            self.described(teacher, post_id, **terms)
        return post_id

    def enrol(self, student: Member, post_id: str, price: int) -> dict:
        """Pays for the lesson through the sandbox and validates it: the new enrolment, as the student sees it."""
        before = {e["enrolment_id"] for e in self.my_enrolments(student)}
        window = student.pay(post_id, price)
        expect_status(student.validate(window["imp_uid"], post_id), 200)
        (enrolment,) = [e for e in self.my_enrolments(student) if e["enrolment_id"] not in before]
        assert enrolment["post_id"] == post_id and enrolment["role"] == "student", enrolment
        return enrolment

    # Notifications and conversations (`/api/notifications`, `/api/conversations`)

    def notifications(self, who) -> list[dict]:
        """Every notification of `who`, newest first."""
        items, query = [], {"limit": "50"}
        for _ in range(100):
            response = self.call(who, "GET", "/api/notifications", params=query)
            expect_status(response, 200)
            body = response.json()
            items += body["notifications"]
            if body["next_before"] is None:
                return items
            query = {"limit": "50", "before": str(body["next_before"])}
        raise AssertionError("the notifications never ended")

    def conversation_about(self, who, post_id: str) -> dict | None:
        """`who`'s conversation about the lesson, if it has a message."""
        response = self.call(who, "GET", "/api/conversations", params={"limit": "50"})
        expect_status(response, 200)
        found = [c for c in response.json()["conversations"] if c["about"] and c["about"]["app"] == "lessons"
                 and c["about"]["id"] == post_id]
        assert len(found) <= 1, found
        return found[0] if found else None

    def lines(self, who, conversation_id: str) -> list[dict]:
        """The conversation's messages, oldest first."""
        messages, query = [], {"limit": "50"}
        for _ in range(100):
            response = self.call(who, "GET", f"/api/conversations/{conversation_id}/messages", params=query)
            expect_status(response, 200)
            body = response.json()
            messages += body["messages"]
            if body["next_before"] is None:
                return sorted(messages, key=lambda message: message["id"])
            query = {"limit": "50", "before": str(body["next_before"])}
        raise AssertionError("the messages never ended")
