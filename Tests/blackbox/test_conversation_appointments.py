"""약속 잡기 over HTTP: in a market conversation either side proposes a time and place
(`POST /api/conversations/{id}/appointments`), the other accepts or declines it or proposes
another, which replaces it; each step is a line in the chat and a notification to the other side.
Strangers find nothing, the proposer cannot answer their own proposal, and times, places and
bodies are checked; an accepted appointment is reminded to each side once, an hour before, also
with two instances polling one PostgreSQL database.

Reminders: with `SPROUT_APPOINTMENT_REMINDER_SECONDS=1` an instance looks every second for
accepted appointments starting within the hour. The servers' clock is moved forward
(`SPROUT_CLOCK_OFFSET_FILE`, one file for both instances) instead of waiting. PostgreSQL is
`TEST_DATABASE_URL` (CI sets it), or the local server .ci/run sets up; without either the
PostgreSQL case skips, except in CI (`CI=true`), where it fails.
"""
from __future__ import annotations

import json
import os
import re
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pytest
import requests

from pyhelpers.conversations_api import PASSWORD, ConversationsAPI, Person, check_message
from pyhelpers.lessons_api import describe
from pyhelpers.market_api import expect_error, expect_status
from pyhelpers.scratch_postgres import create_database, drop_database
from pyhelpers.server_clock import SEOUL, ServerClock
from pyhelpers.sprout_server import NO_RATE_LIMITS, SproutServer, start_server

APPOINTMENT_KEYS = {"id", "conversation_id", "proposer_id", "starts_at", "place", "state", "mine"}
WIRE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")
WEEKDAYS = "월화수목금토일"
PG_ADMIN_URL = os.environ.get("TEST_DATABASE_URL") or "postgres://sprout:sprout@127.0.0.1:5432/sprout_test"


@pytest.fixture(scope="module")
def conv(market_server) -> ConversationsAPI:
    return ConversationsAPI(market_server.base_url)


# --- Helpers -----------------------------------------------------------------------------------


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def wire(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def later(**delta) -> datetime:
    """A whole minute `delta` from now, as people pick times."""
    return (utc_now() + timedelta(**delta)).replace(second=0, microsecond=0)


def spoken(moment: datetime) -> str:
    """How a line says a time, in Korea's: `12월 3일 (목) 오후 7:00`."""
    local = moment.astimezone(SEOUL)
    half = "오전" if local.hour < 12 else "오후"
    return f"{local.month}월 {local.day}일 ({WEEKDAYS[local.weekday()]}) {half} {local.hour % 12 or 12}:{local.minute:02d}"


def check_appointment(body) -> dict:
    assert isinstance(body, dict) and set(body) == APPOINTMENT_KEYS, f"appointment keys {sorted(body) if isinstance(body, dict) else body!r}"
    assert isinstance(body["id"], int) and not isinstance(body["id"], bool) and body["id"] > 0, body
    assert WIRE.match(body["starts_at"]), body
    assert body["state"] in ("proposed", "accepted", "declined", "replaced", "cancelled"), body
    assert isinstance(body["mine"], bool) and isinstance(body["place"], str) and body["place"], body
    return body


def base(cid: str) -> str:
    return f"/api/conversations/{cid}/appointments"


def propose(conv: ConversationsAPI, who, cid: str, body) -> requests.Response:
    if isinstance(body, (str, bytes)):
        return conv.call(who, "POST", base(cid), data=body, headers={"Content-Type": "application/json"})
    return conv.call(who, "POST", base(cid), json=body)


def proposed(conv: ConversationsAPI, who, cid: str, starts_at: str, place: str = "망원역 2번 출구") -> dict:
    response = propose(conv, who, cid, {"starts_at": starts_at, "place": place})
    expect_status(response, 201)
    body = check_appointment(response.json())
    assert (body["conversation_id"], body["state"], body["mine"]) == (cid, "proposed", True), body
    return body


def answer(conv: ConversationsAPI, who, cid: str, appointment_id, action: str) -> requests.Response:
    return conv.call(who, "POST", f"{base(cid)}/{appointment_id}/{action}")


def answered(conv: ConversationsAPI, who, cid: str, appointment_id, action: str, state: str) -> dict:
    response = answer(conv, who, cid, appointment_id, action)
    expect_status(response, 200)
    body = check_appointment(response.json())
    assert (body["id"], body["state"]) == (appointment_id, state), body
    return body


def listed(conv: ConversationsAPI, who, cid: str) -> list[dict]:
    response = conv.call(who, "GET", base(cid))
    expect_status(response, 200)
    body = response.json()
    assert set(body) == {"appointments"}, describe(response)
    return [check_appointment(a) for a in body["appointments"]]


def states(conv: ConversationsAPI, who, cid: str) -> list[tuple[int, str]]:
    return [(a["id"], a["state"]) for a in listed(conv, who, cid)]


def lines(conv: ConversationsAPI, who, cid: str) -> list[dict]:
    """The chat, newest first."""
    return conv.all_messages(who, cid)


def of_kind(conv: ConversationsAPI, who, kind: str) -> list[dict]:
    return [n for n in conv.notifications(who) if n["kind"] == kind]


@dataclass
class Talk:
    seller: Person
    buyer: Person
    product_id: int
    conversation: dict

    @property
    def id(self) -> str:
        return self.conversation["id"]


def new_talk(conv: ConversationsAPI) -> Talk:
    seller, buyer = conv.seller(), conv.join()
    product = conv.product(seller)["id"]
    return Talk(seller, buyer, product, conv.opened(buyer, product, "직거래 가능할까요?", status=201))


@pytest.fixture
def talk(conv) -> Talk:
    return new_talk(conv)


@pytest.fixture(scope="module")
def untouched(conv) -> Talk:
    """A conversation whose every proposal is refused: it never holds an appointment."""
    return new_talk(conv)


# --- Proposing and answering ---------------------------------------------------------------------


def test_one_side_proposes_the_other_accepts_and_the_chat_and_notifications_say_so(conv, talk):
    starts = later(days=2, hours=3)
    place = "망원역 2번 출구"
    made = proposed(conv, talk.buyer, talk.id, wire(starts), place)
    assert (made["starts_at"], made["place"], made["proposer_id"]) == (wire(starts), place, talk.buyer.id), made
    seen = listed(conv, talk.seller, talk.id)
    assert [(a["id"], a["state"], a["mine"]) for a in seen] == [(made["id"], "proposed", False)], seen

    accepted = answered(conv, talk.seller, talk.id, made["id"], "accept", "accepted")
    assert (accepted["mine"], accepted["starts_at"], accepted["proposer_id"]) == (False, wire(starts), talk.buyer.id), accepted
    assert [(a["state"], a["mine"]) for a in listed(conv, talk.buyer, talk.id)] == [("accepted", True)]

    chat = lines(conv, talk.buyer, talk.id)
    assert [(m["sender_id"], m["text"]) for m in chat[:3]] == [
        (talk.seller.id, f"약속을 수락했어요: {spoken(starts)} · {place}"),
        (talk.buyer.id, f"약속을 제안했어요: {spoken(starts)} · {place}"),
        (talk.buyer.id, "직거래 가능할까요?"),
    ], [m["text"] for m in chat]
    link = f"/inbox/{talk.conversation['web_id']}"
    to_seller, to_buyer = of_kind(conv, talk.seller, "appointment"), of_kind(conv, talk.buyer, "appointment")
    assert [(n["app"], n["link"]) for n in to_seller] == [("market", link)], to_seller
    assert "약속을 제안했어요" in to_seller[0]["text"] and place in to_seller[0]["text"], to_seller
    assert [(n["app"], n["link"]) for n in to_buyer] == [("market", link)], to_buyer
    assert "약속을 수락했어요" in to_buyer[0]["text"], to_buyer
    english = [n for n in conv.notifications(talk.buyer, language="en") if n["kind"] == "appointment"]
    assert "accepted" in english[0]["text"] and "KST" in english[0]["text"], english


def test_a_korean_local_time_and_an_offset_name_the_same_moment(conv, talk):
    starts = later(days=3).astimezone(SEOUL).replace(hour=19, minute=0)
    if starts - utc_now() < timedelta(hours=2):
        starts += timedelta(days=1)
    local = proposed(conv, talk.buyer, talk.id, starts.strftime("%Y-%m-%dT%H:%M"))
    offset = proposed(conv, talk.seller, talk.id, starts.isoformat())
    assert local["starts_at"] == offset["starts_at"] == wire(starts), (local, offset)
    assert spoken(starts).endswith("오후 7:00")
    assert lines(conv, talk.buyer, talk.id)[0]["text"].startswith(f"약속을 제안했어요: {spoken(starts)}")
    exactly_100 = proposed(conv, talk.buyer, talk.id, wire(later(days=89, hours=23)), "가" * 100)
    assert exactly_100["place"] == "가" * 100
    trimmed = proposed(conv, talk.buyer, talk.id, wire(later(days=1)), "  합정역 7번 출구  ")
    assert trimmed["place"] == "합정역 7번 출구"


def test_only_the_other_side_answers_and_strangers_find_nothing(conv, talk):
    stranger = conv.join()
    made = proposed(conv, talk.buyer, talk.id, wire(later(days=1)))
    for action in ("accept", "decline"):
        expect_error(answer(conv, talk.buyer, talk.id, made["id"], action), 403)
    expect_error(answer(conv, talk.seller, talk.id, made["id"], "cancel"), 409)  # only its proposer withdraws a waiting one

    expect_error(conv.call(stranger, "GET", base(talk.id)), 404)
    expect_error(propose(conv, stranger, talk.id, {"starts_at": wire(later(days=1)), "place": "여기"}), 404)
    for action in ("accept", "decline", "cancel"):
        expect_error(answer(conv, stranger, talk.id, made["id"], action), 404)
    for unknown in ("999999999", "0", "-1", "abc", "99999999999999999999", "1e3"):
        expect_error(answer(conv, talk.seller, talk.id, unknown, "accept"), 404)
    for unknown_conversation in ("0123456789abcdef01234567", "nope"):
        expect_error(conv.call(talk.seller, "GET", base(unknown_conversation)), 404)
        expect_error(answer(conv, talk.seller, unknown_conversation, made["id"], "accept"), 404)

    # The same two people's other conversation does not reach this appointment.
    elsewhere = conv.opened(talk.buyer, conv.product(talk.seller)["id"], "이것도요", status=201)
    expect_error(answer(conv, talk.seller, elsewhere["id"], made["id"], "accept"), 404)
    for credential in (None, "Bearer forged"):
        expect_status(conv.call(credential, "GET", base(talk.id)), 401)
        expect_status(answer(conv, credential, talk.id, made["id"], "accept"), 401)
        expect_status(propose(conv, credential, talk.id, {"starts_at": wire(later(days=1)), "place": "여기"}), 401)

    assert states(conv, talk.buyer, talk.id) == [(made["id"], "proposed")], "nothing the others sent changed it"
    assert of_kind(conv, stranger, "appointment") == []
    assert of_kind(conv, talk.buyer, "appointment") == [], "the proposer heard of nothing"


def test_a_declined_proposal_stays_declined(conv, talk):
    starts = later(days=4)
    made = proposed(conv, talk.seller, talk.id, wire(starts), "합정역 7번 출구")
    answered(conv, talk.buyer, talk.id, made["id"], "decline", "declined")
    for action in ("accept", "decline"):
        expect_error(answer(conv, talk.buyer, talk.id, made["id"], action), 409)
    expect_error(answer(conv, talk.seller, talk.id, made["id"], "cancel"), 409)
    assert states(conv, talk.seller, talk.id) == [(made["id"], "declined")]
    assert lines(conv, talk.seller, talk.id)[0]["text"] == f"약속을 거절했어요: {spoken(starts)} · 합정역 7번 출구"
    told = of_kind(conv, talk.seller, "appointment")
    assert len(told) == 1 and "약속을 거절했어요" in told[0]["text"], told


def test_a_new_proposal_replaces_the_waiting_one_and_an_upcoming_accepted_one(conv, talk):
    first = proposed(conv, talk.buyer, talk.id, wire(later(days=1)))
    second = proposed(conv, talk.seller, talk.id, wire(later(days=1, hours=2)), "망원시장 입구")  # another time suggested
    assert states(conv, talk.buyer, talk.id) == [(second["id"], "proposed"), (first["id"], "replaced")]
    expect_error(answer(conv, talk.seller, talk.id, first["id"], "accept"), 409)
    expect_error(answer(conv, talk.buyer, talk.id, first["id"], "cancel"), 409)
    answered(conv, talk.buyer, talk.id, second["id"], "accept", "accepted")

    third = proposed(conv, talk.buyer, talk.id, wire(later(days=2)), "합정역")  # rescheduling
    assert states(conv, talk.seller, talk.id) == [(third["id"], "proposed"), (second["id"], "replaced"), (first["id"], "replaced")]
    expect_error(answer(conv, talk.buyer, talk.id, second["id"], "cancel"), 409)
    answered(conv, talk.seller, talk.id, third["id"], "accept", "accepted")
    answered(conv, talk.seller, talk.id, third["id"], "cancel", "cancelled")  # either side calls it off
    expect_error(answer(conv, talk.buyer, talk.id, third["id"], "cancel"), 409)
    assert lines(conv, talk.buyer, talk.id)[0]["text"].startswith("약속을 취소했어요: ")

    withdrawn = proposed(conv, talk.seller, talk.id, wire(later(days=3)))
    answered(conv, talk.seller, talk.id, withdrawn["id"], "cancel", "cancelled")
    expect_error(answer(conv, talk.buyer, talk.id, withdrawn["id"], "accept"), 409)


def test_of_four_accepts_at_once_one_succeeds(conv, talk):
    made = proposed(conv, talk.buyer, talk.id, wire(later(days=1)))
    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(lambda _: answer(conv, talk.seller, talk.id, made["id"], "accept"), range(4)))
    assert sorted(a.status_code for a in answers) == [200, 409, 409, 409], [a.text for a in answers]
    accepts = [m for m in lines(conv, talk.buyer, talk.id) if m["text"].startswith("약속을 수락했어요")]
    assert len(accepts) == 1, accepts
    assert len(of_kind(conv, talk.buyer, "appointment")) == 1


def test_after_a_block_neither_proposes_nor_accepts(conv, talk):
    made = proposed(conv, talk.buyer, talk.id, wire(later(days=1)))
    expect_status(conv.block(talk.seller, talk.buyer.id), 200)
    expect_error(answer(conv, talk.seller, talk.id, made["id"], "accept"), 403)
    expect_error(propose(conv, talk.buyer, talk.id, {"starts_at": wire(later(days=2)), "place": "여기"}), 403)
    expect_error(propose(conv, talk.seller, talk.id, {"starts_at": wire(later(days=2)), "place": "여기"}), 403)
    assert states(conv, talk.buyer, talk.id) == [(made["id"], "proposed")]


# --- Refused times, places and bodies -------------------------------------------------------------


def _unprocessable() -> dict[str, dict]:
    soon = later(days=1)
    return {
        "long-past": {"starts_at": "2020-01-01T00:00:00Z", "place": "여기"},
        "a-minute-ago": {"starts_at": wire(utc_now() - timedelta(minutes=1)), "place": "여기"},
        "beyond-90-days": {"starts_at": wire(later(days=90, hours=1)), "place": "여기"},
        "words": {"starts_at": "tomorrow evening", "place": "여기"},
        "no-such-day": {"starts_at": "2027-02-30T10:00", "place": "여기"},
        "hour-25": {"starts_at": f"{soon:%Y-%m-%d}T25:00", "place": "여기"},
        "date-only": {"starts_at": f"{soon:%Y-%m-%d}", "place": "여기"},
        "empty-time": {"starts_at": "", "place": "여기"},
        "null-time": {"starts_at": None, "place": "여기"},
        "no-time": {"place": "여기"},
        "offset-15h": {"starts_at": f"{soon:%Y-%m-%dT%H:%M}+15:00", "place": "여기"},
        "empty-place": {"starts_at": wire(soon), "place": ""},
        "blank-place": {"starts_at": wire(soon), "place": "   "},
        "null-place": {"starts_at": wire(soon), "place": None},
        "no-place": {"starts_at": wire(soon)},
        "place-101": {"starts_at": wire(soon), "place": "가" * 101},
        "place-line-break": {"starts_at": wire(soon), "place": "망원역\n2번 출구"},
        "place-bell": {"starts_at": wire(soon), "place": "망원역\u0007"},
    }


UNPROCESSABLE = _unprocessable()


@pytest.mark.parametrize("body", list(UNPROCESSABLE.values()), ids=list(UNPROCESSABLE))
def test_a_time_or_place_that_cannot_be_met_is_422_and_proposes_nothing(conv, untouched, body):
    expect_error(propose(conv, untouched.buyer, untouched.id, body), 422)
    assert listed(conv, untouched.seller, untouched.id) == []


MALFORMED = {
    "time-number": '{"starts_at":1796000000,"place":"여기"}',
    "time-array": '{"starts_at":["2026-12-03T19:00"],"place":"여기"}',
    "time-object": '{"starts_at":{"at":"2026-12-03T19:00"},"place":"여기"}',
    "time-bool": '{"starts_at":true,"place":"여기"}',
    "place-number": '{"starts_at":"2030-01-01T10:00:00Z","place":7}',
    "place-array": '{"starts_at":"2030-01-01T10:00:00Z","place":["여기"]}',
    "array": "[]",
    "null": "null",
    "string": '"2026-12-03T19:00"',
    "number": "42",
    "empty": "",
    "truncated": '{"starts_at":"2030-01-01T10:00:00Z","place":"여',
    "not-json": "starts_at=2030-01-01T10:00:00Z&place=here",
    "nul-in-place": '{"starts_at":"2030-01-01T10:00:00Z","place":"a\\u0000b"}',
    "deep": '{"place":' + "[" * 5000 + "]" * 5000 + "}",
    "huge-place": json.dumps({"starts_at": "2030-01-01T10:00:00Z", "place": "가" * 1_000_000}),
    "many-keys": json.dumps({f"k{n}": n for n in range(50_000)}),
}


@pytest.mark.parametrize("body", list(MALFORMED.values()), ids=list(MALFORMED))
def test_a_malformed_body_is_refused_and_the_server_carries_on(conv, untouched, body):
    response = propose(conv, untouched.buyer, untouched.id, body)
    assert response.status_code in (400, 413, 422), describe(response)
    if response.status_code != 413:
        expect_error(response, response.status_code)
    assert conv.http.get(conv.base_url + "/healthz", timeout=10).status_code == 200
    assert listed(conv, untouched.seller, untouched.id) == []


def test_a_body_in_another_media_type_proposes_nothing_unchecked(conv, talk):
    fields = {"starts_at": wire(later(days=1)), "place": "여기"}
    for response in (conv.call(talk.buyer, "POST", base(talk.id), data=fields),
                     conv.call(talk.buyer, "POST", base(talk.id), data=json.dumps(fields), headers={"Content-Type": "text/plain"}),
                     conv.call(talk.buyer, "POST", base(talk.id), data={"starts_at": "2020-01-01T00:00:00Z", "place": "여기"})):
        # A route may read a form as the fields it holds, or refuse any body that is not JSON;
        # what it reads is checked all the same.
        assert response.status_code in (201, 400, 415, 422), describe(response)
        if response.status_code == 201:
            assert check_appointment(response.json())["starts_at"] == fields["starts_at"]
    assert all(a["starts_at"] == fields["starts_at"] for a in listed(conv, talk.seller, talk.id))


# --- Reminders -----------------------------------------------------------------------------------

REMINDING = {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", "SPROUT_APPOINTMENT_REMINDER_SECONDS": "1",
             "SPROUT_TOKEN_SECRET": "appointment-reminders-" + "0123456789abcdef" * 4}


def scratch_database(prefix: str) -> tuple[str, str]:
    """A scratch PostgreSQL database (name, url); skips when there is none to be had, but fails in CI."""
    created = create_database(PG_ADMIN_URL, prefix)
    if created:
        return created
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI needs PostgreSQL: could not create a database through {PG_ADMIN_URL}")
    pytest.skip("PostgreSQL is not reachable (set TEST_DATABASE_URL)")


@dataclass
class Reminding:
    servers: list[SproutServer]
    clock: ServerClock


@pytest.fixture(params=["sqlite-one-instance", "postgres-two-instances"])
def reminding(request, tmp_path) -> Reminding:
    """Servers that look for due reminders every second on one clock the test moves: one on
    SQLite, or two sharing a scratch PostgreSQL database (the second starts once the first
    migrated it)."""
    servers, scratch, env = [], None, dict(REMINDING)
    clock = ServerClock(tmp_path / "clock-offset")
    env.update(clock.env())
    try:
        if request.param.startswith("postgres"):
            scratch, env["DATABASE_URL"] = scratch_database("sprout_appointments_")
        for number in range(1 if request.param.startswith("sqlite") else 2):
            workdir = tmp_path / f"instance-{number}"
            workdir.mkdir()
            servers.append(start_server(workdir, env))
        yield Reminding(servers, clock)
    finally:
        for server in servers:
            server.stop()
        if scratch:
            drop_database(PG_ADMIN_URL, scratch)


def reminders(convs: list[ConversationsAPI], who: Person) -> list[dict]:
    """`who`'s reminders, read on every instance (they share the database, so they must agree)."""
    seen = [of_kind(c, who, "appointment_reminder") for c in convs]
    assert all(other == seen[0] for other in seen), seen
    return seen[0]


def signed_in_again(conv: ConversationsAPI, *people: Person) -> None:
    """Once the clock moved on, access tokens (five minutes) have expired: log in again."""
    for who in people:
        who.token = conv.log_in(who.email, PASSWORD).token


def test_an_accepted_appointment_is_reminded_once_to_each_side_an_hour_before(reminding):
    convs = [ConversationsAPI(server.base_url) for server in reminding.servers]
    first, last = convs[0], convs[-1]
    clock = reminding.clock
    seller, buyer = first.seller(), first.join()
    product = first.product(seller)["id"]
    talk = first.opened(buyer, product, "내일 거래 가능해요?", status=201)
    soon_talk = first.opened(buyer, first.product(seller)["id"], "이것도 오늘 되나요?", status=201)

    starts = (clock.now() + timedelta(hours=3)).replace(second=0, microsecond=0)
    made = proposed(first, buyer, talk["id"], wire(starts), "망원역 2번 출구")
    answered(last, seller, talk["id"], made["id"], "accept", "accepted")
    # Agreed on within the hour: its reminder's time has passed, and they need none.
    soon = proposed(last, seller, soon_talk["id"], wire(clock.now() + timedelta(minutes=40)), "합정역")
    answered(first, buyer, soon_talk["id"], soon["id"], "accept", "accepted")
    time.sleep(3)
    assert reminders(convs, buyer) == [] and reminders(convs, seller) == [], "not due yet"

    clock.move_to(starts - timedelta(minutes=30))
    signed_in_again(first, seller, buyer)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not (reminders(convs, buyer) and reminders(convs, seller)):
        time.sleep(0.5)
    time.sleep(3)  # three more looks by every instance: a second reminder would be there by now
    link = f"/inbox/{talk['web_id']}"
    for who, other in ((buyer, seller), (seller, buyer)):
        got = reminders(convs, who)
        assert [(n["app"], n["link"]) for n in got] == [("market", link)], f"exactly one reminder for {who.name}: {got}"
        assert got[0]["text"] == f"1시간 뒤 {other.name}님과 약속이 있어요: {spoken(starts)} · 망원역 2번 출구", got
    assert [m["text"] for m in lines(first, buyer, soon_talk["id"])][0].startswith("약속을 수락했어요")
    assert all(n["link"] != f"/inbox/{soon_talk['web_id']}" for who in (buyer, seller) for n in reminders(convs, who))

    clock.move_to(starts + timedelta(minutes=1))
    signed_in_again(first, seller, buyer)
    expect_error(answer(first, seller, talk["id"], made["id"], "cancel"), 409)  # its time has come
    check_message(lines(first, buyer, talk["id"])[0])
