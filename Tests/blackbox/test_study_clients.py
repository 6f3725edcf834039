"""SeSAC Study (spec: shared/specs/study-api.md §1–3, §6) replayed as the published clients send it.

Each request goes out byte for byte as one of the five late-2022 clients writes it (see
`pyhelpers/study_api.py`: the `idtoken` header, no-bracket forms, `?=` queries, every birth format),
and each answer is decoded with the types that client's models declare. The in-process Swift suite
(Tests/StudyTests) covers timings on an injected clock (the 1/2/3-minute dodge penalties); this
suite covers what only the wire shows: encodings, headers, status codes and bodies, real tokens,
concurrent requests against the real binary, and the same run on PostgreSQL when
`TEST_DATABASE_URL` is set (a scratch database is made for the module and dropped after it).
"""
from __future__ import annotations

import json
import os
import random
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone

import pytest

from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.scratch_postgres import create_database, drop_database
from pyhelpers.study_api import (
    EUNJI01, GLSME, KST, MOSONLEE, SUNNYOU22, VARIANTS, WOOSEOKJ, StudyClient, birth_iso_z, birth_offset,
    birth_swift_description, decodes_as_state, destination, distance, expect_action, expect_search,
    expect_signup_body, expect_state, expect_user, forge_id_token, form, id_token_claims, seal_uid,
)

SECRET = "study-blackbox-" + "0123456789abcdef" * 4
PROJECT = "sprout-study"
DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
VARIANT_IDS = [variant.name for variant in VARIANTS]

# ---------------------------------------------------------------------------------------------
# Fixtures


@pytest.fixture(scope="module")
def study_server(tmp_path_factory):
    """One server for the module: SQLite, or a scratch PostgreSQL database of its own."""
    env = {**NO_RATE_LIMITS, "SPROUT_TOKEN_SECRET": SECRET, "SPROUT_DEMO_DATA": "false"}
    scratch = None
    if DATABASE_URL:
        created = create_database(DATABASE_URL, "sprout_bb_")
        if created:
            scratch, env["DATABASE_URL"] = created
        else:  # No psql or no CREATE DATABASE right: share the database (locations are random anyway).
            env["DATABASE_URL"] = DATABASE_URL
    server = start_server(tmp_path_factory.mktemp("study"), env)
    yield server
    server.stop()
    if scratch:
        drop_database(DATABASE_URL, scratch)


@pytest.fixture
def signed_in(study_server):
    """Phone sign-in only (not signed up to the study service)."""
    return lambda variant=GLSME: StudyClient.signed_in(study_server.base_url, variant)


_nicks = iter(range(1, 10**9))


@pytest.fixture
def member(signed_in):
    """Signed in and signed up, as `variant` does it."""
    def make(variant=GLSME, nick: str | None = None, gender: int = 0) -> StudyClient:
        client = signed_in(variant)
        nick = nick or f"새싹{next(_nicks)}"
        expect_signup_body(client.sign_up(nick, gender=gender))
        return client
    return make


def somewhere() -> tuple[float, float]:
    """A random place for one test, so that tests sharing the server never see each other's queue."""
    return round(random.uniform(-60, 60), 6), round(random.uniform(-170, 170), 6)


def near(point, metres=100, bearing=0):
    return destination(point[0], point[1], metres, bearing)


def matched_pair(member, variant_a=GLSME, variant_b=GLSME, where=None):
    """B asks A, A accepts: the received-request path of the matching flow."""
    where = where or somewhere()
    a, b = member(variant_a), member(variant_b)
    expect_action(a.enter_queue(*where, ["swift"]), 200)
    expect_action(b.enter_queue(*near(where), ["swift", "ios"]), 200)
    expect_action(b.study_request(a.uid), 200)
    expect_action(a.study_accept(b.uid), 200)
    return a, b


def expect_matched(client: StudyClient, partner: StudyClient, *, dodged=0, reviewed=0) -> None:
    state = expect_state(client.state())
    assert (state["matched"], state["matchedUid"], state["matchedNick"], state["dodged"], state["reviewed"]) \
        == (1, partner.shown_uid, partner.nick, dodged, reviewed), state


def expect_normal(client: StudyClient) -> None:
    response = client.state()
    expect_action(response, 201)
    assert not decodes_as_state(response), f"the 201 body decodes as a state: {response.text!r}"


def expect_waiting(client: StudyClient) -> None:
    state = expect_state(client.state())
    assert state["matched"] == 0, state


# ---------------------------------------------------------------------------------------------
# §2 and §6: user endpoints, as each client walks the signup flow


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_signup_flow_and_user_json(signed_in, variant):
    client = signed_in(variant)
    # Launch with a stored token: 406 means "go to the signup steps".
    expect_action(client.get_user(), 406)

    born = datetime(1998, 3, 1, tzinfo=KST)  # picked on a phone in Seoul
    signup = client.sign_up("새싹이", born, email="sesac.user+1@example.co.kr", gender=1, fcm="fcm:APA91b-token")
    body = expect_signup_body(signup)
    assert (body["nick"], body["gender"], body["email"], body["FCMtoken"]) == ("새싹이", 1, "sesac.user+1@example.co.kr", "fcm:APA91b-token")

    user = expect_user(client.get_user())
    assert user["uid"] == client.uid and user["phoneNumber"] == client.phone
    assert user["birth"] == "1998-02-28T15:00:00.000Z", user["birth"]
    assert (user["nick"], user["gender"], user["email"], user["FCMtoken"]) == ("새싹이", 1, "sesac.user+1@example.co.kr", "fcm:APA91b-token")
    assert user["reputation"] == [0] * 9 and user["comment"] == [] and user["__v"] == 0
    assert (user["sesac"], user["background"], user["reportedNum"], user["dodgepenalty"], user["dodgeNum"]) == (0, 0, 0, 0, 0)
    assert (user["ageMin"], user["ageMax"], user["searchable"]) == (18, 65, 1)
    assert abs(datetime.fromisoformat(user["createdAt"].replace("Z", "+00:00")).timestamp() - time.time()) < 300

    # Signing up again (the app killed mid-flow and resumed): 201, and nothing changes.
    expect_action(client.sign_up("다른닉", born, gender=0), 201)
    assert expect_user(client.get_user()) == user

    # Splash: the device token differs from the server's, so the client updates it.
    expect_action(client.update_fcm_token("fcm-new-device-token"), 200)
    expect_action(client.mypage(searchable=0, ageMin=20, ageMax=35, gender=0, study="알고리즘"), 200)
    edited = expect_user(client.get_user())
    assert (edited["FCMtoken"], edited["searchable"], edited["ageMin"], edited["ageMax"], edited["gender"], edited["study"]) \
        == ("fcm-new-device-token", 0, 20, 35, 0, "알고리즘")
    assert edited["nick"] == "새싹이" and edited["_id"] == user["_id"]


def test_signup_phone_number_comes_from_the_token(signed_in):
    client = signed_in()
    expect_signup_body(client.sign_up("폰번호", phone="+821099999999"))
    assert expect_user(client.get_user())["phoneNumber"] == client.phone != "+821099999999"


BIRTHS = [  # (what a client sends, the instant the server must store)
    (birth_iso_z(datetime(2000, 1, 1, tzinfo=timezone.utc)), "2000-01-01T00:00:00.000Z"),
    (birth_offset(datetime(2000, 1, 1, tzinfo=timezone.utc)), "2000-01-01T00:00:00.000Z"),  # 2000-01-01T09:00:00.000+0900
    (birth_swift_description(datetime(2000, 1, 1, tzinfo=timezone.utc)), "2000-01-01T00:00:00.000Z"),
    ("1999-12-31T15:00:00.000Z", "1999-12-31T15:00:00.000Z"),  # a Seoul date picker's midnight
    ("2000-12-04T09:37:29.029+0900", "2000-12-04T00:37:29.029Z"),
    ("2000-01-01T09:00:00+09:00", "2000-01-01T00:00:00.000Z"),
    ("2000-01-01 09:00:00 +0900", "2000-01-01T00:00:00.000Z"),
]


@pytest.mark.parametrize("sent,stored", BIRTHS, ids=[sent for sent, _ in BIRTHS])
def test_every_birth_format_clients_send(signed_in, sent, stored):
    client = signed_in()
    expect_signup_body(client.sign_up("생일", sent))
    assert expect_user(client.get_user())["birth"] == stored


def test_age_limit_is_17_on_korean_dates(signed_in):
    today = datetime.now(KST)
    seventeen = datetime(today.year - 17, today.month, min(today.day, 28), tzinfo=KST) - timedelta(days=5)
    sixteen = datetime(today.year - 17, today.month, min(today.day, 28), tzinfo=KST) + timedelta(days=5)
    old_enough, too_young = signed_in(), signed_in()
    expect_signup_body(old_enough.sign_up("열일곱", seventeen))
    expect_action(too_young.sign_up("열여섯", sixteen), 501)
    expect_action(too_young.get_user(), 406)


BAD_SIGNUPS = {
    "empty nick": dict(nick=""),
    "11-character nick": dict(nick="가나다라마바사아자차카"),
    "nick of spaces": dict(nick="   "),
    "birth not a date": dict(birth="yesterday"),
    "birth month 13": dict(birth="2000-13-01T00:00:00.000Z"),
    "birth 29 Feb 2001": dict(birth="2001-02-29T00:00:00.000Z"),
    "birth offset +2500": dict(birth="2000-01-01T00:00:00.000+2500"),
    "birth year 1e400": dict(birth="1e400"),
    "birth in the future": dict(birth="2999-01-01T00:00:00.000Z"),
    "email without domain": dict(email="sesac@"),
    "email with NUL": dict(email="a\x00b@example.com"),
    "gender 2": dict(gender=2),
    "gender -1": dict(gender=-1),
    "gender NaN": dict(gender="NaN"),
    "gender 0.5": dict(gender="0.5"),
    "gender empty": dict(gender=""),
    "gender 1 NUL junk": dict(gender="1\x00junk"),
    "FCM token of 5000 characters": dict(fcm="x" * 5000),
}


@pytest.mark.parametrize("fields", BAD_SIGNUPS.values(), ids=BAD_SIGNUPS.keys())
def test_malformed_signups_are_501_and_store_nothing(signed_in, fields):
    client = signed_in()
    nick = fields.pop("nick", "정상닉")
    birth = fields.pop("birth", "2000-01-01T00:00:00.000Z")
    expect_action(client.sign_up(nick, birth, **fields), 501)
    expect_action(client.get_user(), 406)


@pytest.mark.parametrize("raw", [
    "", "nick=abc", "phoneNumber=%2B821012345678&FCMtoken=t&nick=abc&birth=2000-01-01T00%3A00%3A00.000Z&email=a%40b.co",
    "{\"nick\":", "%%%%&&&===",
], ids=["empty", "nick only", "no gender", "broken json", "garbage"])
def test_incomplete_signup_forms_are_501(signed_in, raw):
    client = signed_in()
    expect_action(client.send("POST", "/v1/user", raw), 501)
    expect_action(client.get_user(), 406)


@pytest.mark.parametrize("nick", ["관리자", "Admin", "운 영 자", "sprout"])
def test_forbidden_nicknames_are_202_and_the_client_can_retry(signed_in, nick):
    client = signed_in()
    expect_action(client.sign_up(nick), 202)
    expect_action(client.get_user(), 406)
    expect_signup_body(client.sign_up("새닉네임"))  # back at the nickname step with another nick


def test_withdraw_then_every_endpoint_is_406(member):
    client = member(WOOSEOKJ)
    other = member()
    expect_action(client.withdraw(), 200)
    expect_action(client.get_user(), 406)
    expect_action(client.withdraw(), 406)
    answers = {
        "mypage": client.mypage(), "fcm": client.update_fcm_token("t"), "report": client.report(other.uid),
        "queue": client.enter_queue(37.5, 126.9), "stop": client.stop_queue(), "search": client.search(37.5, 126.9),
        "state": client.state(), "request": client.study_request(other.uid), "accept": client.study_accept(other.uid),
        "dodge": client.dodge(other.uid), "rate": client.rate(other.uid),
    }
    assert {name: r.status_code for name, r in answers.items()} == {name: 406 for name in answers}
    # The same phone may sign up again, as a new study profile.
    expect_signup_body(client.sign_up("돌아온새싹"))
    assert expect_user(client.get_user())["nick"] == "돌아온새싹"


MYPAGE_REFUSALS = {
    "searchable 2": dict(searchable=2), "searchable -1": dict(searchable=-1), "ageMin 17": dict(ageMin=17),
    "ageMax 66": dict(ageMax=66), "ageMin above ageMax": dict(ageMin=40, ageMax=30), "gender 3": dict(gender=3),
    "ageMin NaN": dict(ageMin="NaN"), "ageMax 1e400": dict(ageMax="1e400"), "ageMin empty": dict(ageMin=""),
    "ageMin 20 NUL junk": dict(ageMin="20\x00junk"),
    "study of 5000 characters": dict(study="공부" * 2500),
}


@pytest.mark.parametrize("fields", MYPAGE_REFUSALS.values(), ids=MYPAGE_REFUSALS.keys())
def test_mypage_refuses_malformed_values_and_changes_nothing(member, fields):
    client = member()
    expect_action(client.mypage(searchable=1, ageMin=25, ageMax=40, gender=1, study="swift"), 200)
    before = expect_user(client.get_user())
    expect_action(client.mypage(**{**dict(searchable=0, ageMin=30, ageMax=50, gender=0, study="ios"), **fields}), 501)
    assert expect_user(client.get_user()) == before


def test_mypage_without_a_body_is_501(member):
    client = member()
    expect_action(client.send("PUT", "/v1/user/mypage", ""), 501)
    expect_action(client.send("PUT", "/v1/user/update_fcm_token", "FCMtoken=" + "x" * 5000), 501)


# ---------------------------------------------------------------------------------------------
# Tokens: 401 on every endpoint, and the client's refresh-and-retry


ENDPOINTS = [
    ("GET", "/v1/user", None), ("POST", "/v1/user", "nick=a"), ("POST", "/v1/user/withdraw", None),
    ("PUT", "/v1/user/mypage", "searchable=1&ageMin=18&ageMax=65&gender=0&study="),
    ("PUT", "/v1/user/update_fcm_token", "FCMtoken=t"), ("POST", "/v1/user/report", "otheruid=x"),
    ("POST", "/v1/queue", "lat=37.5&long=126.9&studylist=anything"), ("DELETE", "/v1/queue", None),
    ("POST", "/v1/queue/search", "lat=37.5&long=126.9"), ("GET", "/v1/queue/myQueueState", None),
    ("POST", "/v1/queue/studyrequest", "otheruid=x"), ("POST", "/v1/queue/studyaccept", "otheruid=x"),
    ("POST", "/v1/queue/dodge", "otheruid=x"), ("POST", "/v1/queue/rate/x", "otheruid=x&reputation=1&comment="),
]


def test_bad_tokens_are_401_on_every_endpoint_and_change_nothing(member):
    client = member()
    where = somewhere()
    expect_action(client.enter_queue(*where), 200)
    before = expect_user(client.get_user())
    now = int(time.time())
    bad_tokens = {
        "expired": forge_id_token(SECRET, id_token_claims(PROJECT, client.uid, client.phone, issued=now - 7200)),
        "another project": forge_id_token(SECRET, id_token_claims("someone-else", client.uid, client.phone)),
        "another server's key": forge_id_token("not-" + SECRET, id_token_claims(PROJECT, client.uid, client.phone)),
        "the account id others see": forge_id_token(SECRET, id_token_claims(PROJECT, client.shown_uid, client.phone)),
        "Bearer prefix": "Bearer " + client.token,
        "truncated": client.token[:-4],
        "garbage": "a.b.c",
        "empty": "",
    }
    for method, path, body in ENDPOINTS:
        for name, token in bad_tokens.items():
            answer = client.send(method, path, body, token=token)
            assert answer.status_code == 401, (method, path, name, answer.status_code, answer.text)
        missing = client.send(method, path, body, token=None, headers={"Authorization": "Bearer " + client.token})
        assert missing.status_code == 401, (method, path, "no idtoken header", missing.status_code)
    assert expect_user(client.get_user()) == before
    expect_waiting(client)


def test_a_valid_token_for_someone_not_signed_up_is_406_not_401(study_server):
    ghost_uid = seal_uid(SECRET, "ghost" + uuid.uuid4().hex)
    ghost = StudyClient(study_server.base_url, GLSME, forge_id_token(SECRET, id_token_claims(PROJECT, ghost_uid, "+821000000000")))
    expect_action(ghost.get_user(), 406)
    expect_action(ghost.state(), 406)


def test_expired_token_then_refresh_and_retry_once(member):
    client = member()
    expired = forge_id_token(SECRET, id_token_claims(PROJECT, client.uid, client.phone, issued=int(time.time()) - 3601))
    expect_action(client.get_user(token=expired), 401)
    client.refresh()
    assert expect_user(client.get_user())["uid"] == client.uid


# ---------------------------------------------------------------------------------------------
# §3: the queue


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_waiting_and_stopping(member, variant):
    client = member(variant)
    expect_normal(client)
    expect_action(client.stop_queue(), 201)  # not waiting: "already stopped"
    where = somewhere()
    expect_action(client.enter_queue(*where, ["swift", "알고리즘"]), 200)
    expect_waiting(client)
    # Entering again (study tags changed) keeps one place in the queue, with the new tags.
    expect_action(client.enter_queue(*where, ["anything"]), 200)
    watcher = member()
    found = [item for item in expect_search(watcher.search(*where))["fromQueueDB"] if item["uid"] == client.shown_uid]
    assert len(found) == 1 and found[0]["studylist"] == ["anything"], found
    expect_action(client.stop_queue(), 200)
    expect_normal(client)
    expect_action(client.stop_queue(), 201)
    assert expect_search(watcher.search(*where))["fromQueueDB"] == []


def test_queue_with_the_wire_shapes_clients_send(member):
    client = member(EUNJI01)
    lat, long = somewhere()
    # Native Swift numbers, tags that need escaping, the 8-tag maximum of 8-character tags.
    tags = ["알고리즘코딩테스", "C++", "a&b=c", "100%", "swift ui", "UI/Kit", "😀🌱", "Z"]
    body = form(("lat", lat), ("long", long), ("studylist", tags))
    assert "studylist=C%2B%2B" in body and "studylist=a%26b%3Dc" in body and "[]" not in body
    expect_action(client.send("POST", "/v1/queue", body), 200)
    item = next(i for i in expect_search(member().search(lat, long))["fromQueueDB"] if i["uid"] == client.shown_uid)
    assert item["studylist"] == tags and (item["lat"], item["long"]) == (lat, long)
    assert item["nick"] == client.nick and item["type"] in (0, 1, 2, -1)


HOSTILE_QUEUE_FORMS = {
    "lat missing": "long=126.9&studylist=swift",
    "long missing": "lat=37.5&studylist=swift",
    "lat NaN": "lat=NaN&long=126.9&studylist=swift",
    "lat nan": "lat=nan&long=126.9&studylist=swift",
    "long Infinity": "lat=37.5&long=Infinity&studylist=swift",
    "lat -inf": "lat=-inf&long=126.9&studylist=swift",
    "lat 1e400": "lat=1e400&long=126.9&studylist=swift",
    "lat 90.000001": "lat=90.000001&long=126.9&studylist=swift",
    "lat -91": "lat=-91&long=126.9&studylist=swift",
    "long 180.5": "lat=37.5&long=180.5&studylist=swift",
    "long -181": "lat=37.5&long=-181&studylist=swift",
    "lat comma decimal": "lat=37%2C5&long=126.9&studylist=swift",
    "lat empty": "lat=&long=126.9&studylist=swift",
    "lat NUL": "lat=37.5%00&long=126.9&studylist=swift",
    "lat NUL then junk": "lat=37.5%00junk&long=126.9&studylist=swift",
    "lat 100k digits": "lat=" + "3" * 100_000 + "&long=126.9&studylist=swift",
    "lat fullwidth digits": "lat=%EF%BC%93%EF%BC%97&long=126.9&studylist=swift",
    "9 tags": "lat=37.5&long=126.9&" + "&".join(f"studylist=t{i}" for i in range(9)),
    "9-character tag": "lat=37.5&long=126.9&studylist=abcdefghi",
    "9-character Korean tag": "lat=37.5&long=126.9&studylist=" + form(("x", "가나다라마바사아자"))[2:],
    "empty tag": "lat=37.5&long=126.9&studylist=",
    "tag of spaces": "lat=37.5&long=126.9&studylist=%20%20",
    "2 MB body": "lat=37.5&long=126.9&studylist=swift&pad=" + "x" * 2_000_000,
}


@pytest.mark.parametrize("body", HOSTILE_QUEUE_FORMS.values(), ids=HOSTILE_QUEUE_FORMS.keys())
def test_hostile_queue_forms_are_501_and_change_nothing(member, body):
    client = member()
    expect_action(client.send("POST", "/v1/queue", body), 501)
    expect_normal(client)
    if not body.startswith("lat=37.5&long=126.9&"):  # the coordinates are the hostile part
        expect_action(client.send("POST", "/v1/queue/search", body), 501)


def test_extreme_but_valid_coordinates_are_accepted(member):
    client = member()
    for lat, long in [(90, 180), (-90, -180), (0, 0), (-0.0, -0.0), ("37.5", "126.9000000000000000001"), ("1E1", "-1e-300")]:
        expect_action(client.send("POST", "/v1/queue", f"lat={lat}&long={long}&studylist=anything"), 200)
        expect_action(client.send("POST", "/v1/queue/search", f"lat={lat}&long={long}"), 200)
    expect_action(client.stop_queue(), 200)


def test_duplicate_keys_use_the_first_value(member):
    client = member()
    lat, long = somewhere()
    far = destination(lat, long, 50_000, 90)
    expect_action(client.send("POST", "/v1/queue", f"lat={lat}&long={long}&lat={far[0]}&long={far[1]}&studylist=swift"), 200)
    watcher = member()
    assert [i["uid"] for i in expect_search(watcher.search(lat, long))["fromQueueDB"]] == [client.shown_uid]
    assert expect_search(watcher.search(*far))["fromQueueDB"] == []
    expect_action(client.stop_queue(), 200)


def test_json_bodies_are_read_like_the_form(member):
    client = member()
    lat, long = somewhere()
    answer = client.send("POST", "/v1/queue", json.dumps({"lat": lat, "long": long, "studylist": ["swift", "ios"]}),
                         content_type="application/json")
    expect_action(answer, 200)
    item = expect_search(member().search(lat, long))["fromQueueDB"][0]
    assert (item["uid"], item["studylist"], item["lat"], item["long"]) == (client.shown_uid, ["swift", "ios"], lat, long)
    for body, kind in [("{\"lat\": 37.5, \"long\": ", "application/json"), ("[1, 2, 3]", "application/json"),
                       (json.dumps({"lat": {"$gt": 0}, "long": [None], "studylist": [{"a": 1}]}), "application/json"),
                       (json.dumps({"lat": 37.5, "long": 126.9, "studylist": ["x"]}), "application/x-www-form-urlencoded")]:
        expect_action(client.send("POST", "/v1/queue/search", body, content_type=kind), 501)


@pytest.mark.parametrize("tag", ["a\x00b", "\u202etxt", "e\u0301\u0301\u0301", "bom\ufeffmid", "\U0001F468\u200d\U0001F469\u200d\U0001F467"])
def test_unicode_and_nul_tags_never_fail_the_server(member, tag):
    client = member()
    lat, long = somewhere()
    answer = client.enter_queue(lat, long, [tag])
    assert answer.status_code in (200, 501), (answer.status_code, answer.text)
    found = expect_search(member().search(lat, long))["fromQueueDB"]
    if answer.status_code == 200:
        assert [i["studylist"] for i in found] == [[tag]]
    else:
        assert found == [] and expect_normal(client) is None


def _nul_signup(field, value):
    def call(member, signed_in):
        client = signed_in()
        answer = client.sign_up("널닉" if field != "nick" else value, **({"fcm": value} if field == "FCMtoken" else {}))
        return answer, (lambda: client.get_user().json()[field])
    return call


def _nul_update(send, field):
    def call(member, signed_in):
        client = member()
        return send(client), (lambda: client.get_user().json()[field])
    return call


NUL_TEXTS = {
    "nick": _nul_signup("nick", "새\x00싹"),
    "FCMtoken at signup": _nul_signup("FCMtoken", "tok\x00en"),
    "update_fcm_token": _nul_update(lambda c: c.update_fcm_token("tok\x00en"), "FCMtoken"),
    "mypage study": _nul_update(lambda c: c.mypage(study="a\x00b"), "study"),
    "report comment": lambda member, signed_in: (member().report(member().uid, comment="a\x00b"), None),
    "rate comment": lambda member, signed_in: (lambda a, b: (a.rate(b.uid, comment="a\x00b"),
                                                             lambda: b.get_user().json()["comment"][0]))(*matched_pair(member)),
}


@pytest.mark.parametrize("call", NUL_TEXTS.values(), ids=NUL_TEXTS.keys())
def test_nul_in_free_text_is_stored_or_refused_never_a_server_error(member, signed_in, call):
    answer, stored = call(member, signed_in)
    assert answer.status_code in (200, 501), (answer.status_code, answer.text)
    if answer.status_code == 200 and stored:
        assert "\x00" in stored(), "a NUL was accepted but not stored as sent"


def test_update_fcm_token_without_the_token_is_501_and_keeps_it(member):
    client = member()
    expect_action(client.update_fcm_token("fcm-kept"), 200)
    expect_action(client.send("PUT", "/v1/user/update_fcm_token", ""), 501)
    expect_action(client.send("PUT", "/v1/user/update_fcm_token", "fcmToken=wrong-case"), 501)
    assert expect_user(client.get_user())["FCMtoken"] == "fcm-kept"


# --- nearby search --------------------------------------------------------------------------


def test_search_radius_is_700_metres(member):
    centre = somewhere()
    inside = {bearing: member() for bearing in (0, 90, 225)}
    outside = {bearing: member() for bearing in (0, 270)}
    for bearing, client in inside.items():
        expect_action(client.enter_queue(*destination(*centre, 650, bearing), ["swift", "anything"]), 200)
    for bearing, client in outside.items():
        expect_action(client.enter_queue(*destination(*centre, 750, bearing), ["Anything", "kotlin"]), 200)
    searcher = member(MOSONLEE)
    result = expect_search(searcher.search(*centre))
    assert {item["uid"] for item in result["fromQueueDB"]} == {c.shown_uid for c in inside.values()}
    assert result["fromQueueDBRequested"] == []
    assert "swift" in result["fromRecommend"] and not {"anything", "Anything", "kotlin"} & set(result["fromRecommend"])
    for item in result["fromQueueDB"]:
        assert 640 < distance(*centre, item["lat"], item["long"]) < 660
        assert item["reputation"] == [0] * 9 and item["reviews"] == [] and item["gender"] == 0


def test_requests_are_listed_wherever_the_asker_waits(member):
    where = somewhere()
    me, far_asker = member(), member()
    expect_action(me.enter_queue(*where), 200)
    expect_action(far_asker.enter_queue(*destination(*where, 5000, 45)), 200)
    expect_action(far_asker.study_request(me.uid), 200)
    result = expect_search(me.search(*where))
    assert result["fromQueueDB"] == [] and [i["uid"] for i in result["fromQueueDBRequested"]] == [far_asker.shown_uid]
    # Once the asker stops searching, the card is gone.
    expect_action(far_asker.stop_queue(), 200)
    assert expect_search(me.search(*where))["fromQueueDBRequested"] == []


def test_queueing_again_while_matched_keeps_the_match(member):
    a, b = matched_pair(member)
    where = somewhere()
    answer = a.enter_queue(*where)
    assert answer.status_code in (200, 201), answer.status_code
    expect_matched(a, b)
    assert expect_search(member().search(*where))["fromQueueDB"] == []


def test_search_does_not_list_me(member):
    where = somewhere()
    me, other = member(), member()
    expect_action(me.enter_queue(*where), 200)
    expect_action(other.enter_queue(*near(where, 10)), 200)
    assert [i["uid"] for i in expect_search(me.search(*where))["fromQueueDB"]] == [other.shown_uid]


GEO_CASES = {
    # centre, a point within 700 m, a point beyond it
    "antimeridian": ((10.0, 179.9990), destination(10.0, 179.9990, 600, 90), destination(10.0, 179.9990, 800, 90)),
    "antimeridian west": ((-20.0, -179.9995), destination(-20.0, -179.9995, 650, 270), destination(-20.0, -179.9995, 760, 270)),
    "north pole": ((89.9990, 0.0), (89.9990, 180.0), destination(89.9990, 0.0, 900, 180)),
    "south pole": ((-90.0, 0.0), (-89.995, 123.0), (-89.99, -45.0)),
}


@pytest.mark.parametrize("centre,found,missed", GEO_CASES.values(), ids=GEO_CASES.keys())
def test_search_across_the_antimeridian_and_near_the_poles(member, centre, found, missed):
    assert distance(*centre, *found) < 700 < distance(*centre, *missed)
    near_person, far_person = member(), member()
    expect_action(near_person.enter_queue(*found), 200)
    expect_action(far_person.enter_queue(*missed), 200)
    try:
        uids = {i["uid"] for i in expect_search(member().search(*centre))["fromQueueDB"]}
        assert near_person.shown_uid in uids and far_person.shown_uid not in uids, (uids, near_person.shown_uid)
    finally:
        near_person.stop_queue(), far_person.stop_queue()


# --- requests, accepts and the mutual request --------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_received_request_then_accept(member, variant):
    where = somewhere()
    me, asker = member(variant), member(GLSME)
    expect_action(me.enter_queue(*where), 200)
    expect_action(asker.enter_queue(*near(where)), 200)
    expect_action(asker.study_request(me.uid), 200)
    expect_action(asker.study_request(me.uid), 200)  # asking twice is harmless
    result = expect_search(me.search(*where))
    assert [i["uid"] for i in result["fromQueueDBRequested"]] == [asker.shown_uid]
    assert result["fromQueueDBRequested"][0]["nick"] == asker.nick
    expect_action(me.study_accept(asker.uid), 200)
    expect_matched(me, asker)
    expect_matched(asker, me)
    # Matched: "stop searching" is 201 for both, and neither is listed nearby any more.
    expect_action(me.stop_queue(), 201)
    expect_action(asker.stop_queue(), 201)
    assert expect_search(member().search(*where))["fromQueueDB"] == []
    # Accepting again (the user tapped twice) is still "matched".
    expect_action(me.study_accept(asker.uid), 200)


@pytest.mark.parametrize("variant", VARIANTS, ids=VARIANT_IDS)
def test_mutual_requests_end_matched_whatever_the_client_does_with_201(member, variant):
    where = somewhere()
    first, second = member(GLSME), member(variant)
    expect_action(first.enter_queue(*where), 200)
    expect_action(second.enter_queue(*near(where)), 200)
    expect_action(first.study_request(second.uid), 200)
    codes = second.request_like_the_client(first.uid)
    assert codes == {"accept": [201, 200], "request_again": [201, 201], "nothing": [201]}[variant.on_request_201], codes
    expect_matched(first, second)
    expect_matched(second, first)
    # A client that then follows the spec's advice and accepts gets 200.
    expect_action(second.study_accept(first.uid), 200)
    expect_action(first.study_accept(second.uid), 200)
    expect_matched(second, first)


def test_request_and_accept_business_codes(member):
    where = somewhere()
    a, b, c, d = member(), member(), member(), member()
    stranger = member()  # signed up, never queued
    for client in (a, b, c):
        expect_action(client.enter_queue(*near(where, random.randrange(300))), 200)
    # 202: the other is not waiting (never queued, unknown, myself).
    expect_action(a.study_request(stranger.uid), 202)
    expect_action(a.study_request("no-such-uid"), 202)
    expect_action(a.study_request(a.uid), 202)
    # 202 on accept: nobody asked me.
    expect_action(a.study_accept(b.uid), 202)
    expect_action(a.study_accept(a.uid), 202)
    # b asks a and c; c stops searching before a accepts → 202.
    expect_action(b.study_request(a.uid), 200)
    expect_action(c.study_request(a.uid), 200)
    expect_action(c.stop_queue(), 200)
    expect_action(a.study_accept(c.uid), 202)
    assert [i["uid"] for i in expect_search(a.search(*where))["fromQueueDBRequested"]] == [b.shown_uid]
    # d waits and asks b; b matches a; then d's accept of... b matched elsewhere → 201 on accept.
    expect_action(d.enter_queue(*where), 200)
    expect_action(b.study_request(d.uid), 200)
    expect_action(a.study_accept(b.uid), 200)
    expect_action(d.study_accept(b.uid), 201)
    # 203: I am matched already (with someone else) when I accept.
    expect_action(c.enter_queue(*where), 200)
    expect_action(c.study_request(a.uid), 202)  # a is matched: no longer waiting
    expect_action(c.study_request(d.uid), 200)
    expect_action(a.study_accept(c.uid), 203)
    expect_matched(a, b)
    expect_waiting(d)
    # A request from someone matched goes nowhere.
    expect_action(a.study_request(d.uid), 202)


@pytest.mark.parametrize("otheruid", ["", "   ", "x" * 129, None], ids=["empty", "spaces", "129 chars", "missing"])
def test_otheruid_malformed_is_501(member, otheruid):
    client = member()
    body = "" if otheruid is None else form(("otheruid", otheruid))
    paths = ["/v1/queue/studyrequest", "/v1/queue/studyaccept", "/v1/queue/dodge"]
    if otheruid in ("", None):  # report (the 1st cohort's) answers 202 "no such person" to other uids
        paths.append("/v1/user/report")
    for path in paths:
        expect_action(client.send("POST", path, body), 501)


def _race(calls):
    barrier = threading.Barrier(len(calls))

    def run(call):
        barrier.wait()
        return call().status_code

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


@pytest.mark.parametrize("round_", range(2))
def test_concurrent_accepts_of_one_person_make_exactly_one_match(member, round_):
    where = somewhere()
    target = member()
    accepters = [member() for _ in range(6)]
    expect_action(target.enter_queue(*where), 200)
    for client in accepters:
        expect_action(client.enter_queue(*near(where, 50)), 200)
        expect_action(target.study_request(client.uid), 200)
    codes = _race([lambda c=c: c.study_accept(target.uid) for c in accepters])
    assert sorted(codes) == [200] + [201] * 5, codes
    winner = accepters[codes.index(200)]
    expect_matched(target, winner)
    expect_matched(winner, target)
    for loser in accepters:
        if loser is not winner:
            expect_waiting(loser)


def test_one_person_accepting_many_at_once_matches_once(member):
    where = somewhere()
    target = member()
    askers = [member() for _ in range(6)]
    expect_action(target.enter_queue(*where), 200)
    for client in askers:
        expect_action(client.enter_queue(*near(where, 50)), 200)
        expect_action(client.study_request(target.uid), 200)
    codes = _race([lambda c=c: target.study_accept(c.uid) for c in askers])
    assert sorted(codes) == [200] + [203] * 5, codes
    winner = askers[codes.index(200)]
    expect_matched(target, winner)
    matched = [c for c in askers if expect_state(c.state())["matched"] == 1]
    assert matched == [winner]


def test_mutual_requests_racing_match_once(member):
    where = somewhere()
    a, b = member(MOSONLEE), member(MOSONLEE)
    expect_action(a.enter_queue(*where), 200)
    expect_action(b.enter_queue(*near(where)), 200)
    codes = _race([lambda: a.study_request(b.uid), lambda: b.study_request(a.uid)] * 3)
    assert set(codes) <= {200, 201} and 201 in codes, codes
    expect_matched(a, b)
    expect_matched(b, a)


@pytest.mark.parametrize("round_", range(4))
def test_two_people_asking_each_other_at_once_are_matched(member, round_):
    """On PostgreSQL each request once read before the other's committed: both answered 200 and
    both kept waiting, unmatched, each holding a request the other never saw."""
    where = somewhere()
    a, b = member(GLSME), member(GLSME)
    expect_action(a.enter_queue(*where), 200)
    expect_action(b.enter_queue(*near(where)), 200)
    assert sorted(_race([lambda: a.study_request(b.uid), lambda: b.study_request(a.uid)])) == [200, 201]
    expect_matched(a, b)
    expect_matched(b, a)


# --- dodge, rate, report --------------------------------------------------------------------


def test_dodge_penalises_the_caller_not_the_partner(member):
    a, b = matched_pair(member)
    expect_action(a.dodge("not-my-partner"), 201)
    expect_action(a.dodge(a.uid), 201)
    expect_matched(a, b)
    expect_action(a.dodge(b.uid), 200)
    expect_normal(a)
    expect_matched(b, a, dodged=1)  # b's chat shows "스터디 종료"
    penalised = expect_user(a.get_user())
    assert penalised["dodgeNum"] == 1 and penalised["dodgepenalty"] >= 1
    expect_action(a.enter_queue(*somewhere()), 203)  # 1-minute penalty
    expect_normal(a)
    # The partner ends the cancelled study: no penalty, and may queue at once.
    expect_action(b.dodge(a.uid), 200)
    assert (lambda u: (u["dodgeNum"], u["dodgepenalty"]))(expect_user(b.get_user())) == (0, 0)
    expect_normal(b)
    expect_action(b.enter_queue(*somewhere()), 200)
    expect_action(a.dodge(b.uid), 201)


def test_rate_with_6_and_9_titles_and_the_forgotten_form(member):
    a, b = matched_pair(member, GLSME, SUNNYOU22)
    expect_action(a.rate(b.uid, [1, 0, 1, 0, 0, 1], "시간 약속을 잘 지켜요 & 친절해요"), 200)
    rated = expect_user(b.get_user())
    assert rated["reputation"] == [1, 0, 1, 0, 0, 1, 0, 0, 0] and rated["comment"] == ["시간 약속을 잘 지켜요 & 친절해요"]
    assert a.shown_uid in rated["reviewedBefore"]
    expect_normal(a)
    expect_matched(b, a, reviewed=1)
    expect_action(b.rate(a.uid, [0, 1, 0, 0, 0, 0, 0, 0, 1], ""), 200)
    assert expect_user(a.get_user())["reputation"] == [0, 1, 0, 0, 0, 0, 0, 0, 1]
    expect_normal(b)
    # The next study's card shows the reviews.
    where = somewhere()
    expect_action(b.enter_queue(*where), 200)
    item = expect_search(member().search(*where))["fromQueueDB"][0]
    assert item["reviews"] == ["시간 약속을 잘 지켜요 & 친절해요"] and item["reputation"][:6] == [1, 0, 1, 0, 0, 1]

    # sunnyou22 forgets the form: the study still ends.
    c, d = matched_pair(member, SUNNYOU22, GLSME)
    expect_action(c.send("POST", f"/v1/queue/rate/{d.uid}"), 200)
    expect_normal(c)
    assert expect_user(d.get_user())["reputation"] == [0] * 9


RATE_REFUSALS = {
    "path and form disagree": lambda a, b: a.send("POST", f"/v1/queue/rate/{b.uid}", form(("otheruid", a.uid), ("reputation", [1] * 6), ("comment", ""))),
    "10 titles": lambda a, b: a.rate(b.uid, [1] * 10),
    "title 2": lambda a, b: a.rate(b.uid, [2, 0, 0, 0, 0, 0]),
    "title -1": lambda a, b: a.rate(b.uid, [-1, 0, 0, 0, 0, 0]),
    "title NaN": lambda a, b: a.rate(b.uid, ["NaN"] * 6),
    "501-character comment": lambda a, b: a.rate(b.uid, comment="가" * 501),
    "not my partner": lambda a, b: a.rate("someone-else"),
}


@pytest.mark.parametrize("call", RATE_REFUSALS.values(), ids=RATE_REFUSALS.keys())
def test_rate_refusals_are_501_and_change_nothing(member, call):
    a, b = matched_pair(member)
    before = expect_user(b.get_user())
    expect_action(call(a, b), 501)
    assert expect_user(b.get_user()) == before
    expect_matched(a, b)


def studied_together(target: StudyClient, partner: StudyClient) -> None:
    """The partner asks, the target accepts, and both rate: a study the two had together."""
    where = somewhere()
    expect_action(target.enter_queue(*where), 200)
    expect_action(partner.enter_queue(*near(where)), 200)
    expect_action(partner.study_request(target.shown_uid), 200)
    expect_action(target.study_accept(partner.shown_uid), 200)
    expect_action(target.rate(partner.shown_uid), 200)
    expect_action(partner.rate(target.shown_uid), 200)


def test_three_reports_bar_the_queue(member):
    """Only someone who studied with a person moves them towards the bar: three strangers' reports
    are taken (200) but bar no one."""
    target = member()
    for stranger in [member() for _ in range(3)]:
        expect_action(stranger.report(target.shown_uid, [1, 0, 0, 0, 0, 0], "욕설"), 200)
    assert expect_user(target.get_user())["reportedNum"] == 0
    expect_action(target.enter_queue(*somewhere()), 200)
    expect_action(target.stop_queue(), 200)
    reporters = [member(v) for v in (GLSME, SUNNYOU22, MOSONLEE)]
    for reporter in reporters:
        studied_together(target, reporter)
    expect_action(reporters[0].report(target.uid, [1, 0, 0, 0, 0, 0], "욕설"), 200)
    expect_action(reporters[0].report(target.uid), 201)  # already reported by me
    expect_action(reporters[1].report(target.uid, [0] * 9), 200)
    expect_action(target.enter_queue(*somewhere()), 200)
    expect_action(target.stop_queue(), 200)
    expect_action(reporters[2].report(target.uid, [0, 1, 0, 0, 0, 0], ""), 200)
    user = expect_user(target.get_user())
    assert user["reportedNum"] == 3 and sorted(user["reportedUser"]) == sorted(r.shown_uid for r in reporters)
    expect_action(target.enter_queue(*somewhere()), 201)
    expect_normal(target)
    expect_action(reporters[0].report("no-such-uid"), 202)
    expect_action(reporters[0].report(reporters[0].uid), 202)
    expect_action(reporters[1].report(reporters[0].uid, [1] * 10), 501)
    expect_action(reporters[1].report(reporters[0].uid, [3, 0, 0, 0, 0, 0]), 501)
    assert expect_user(reporters[0].get_user())["reportedNum"] == 0


def test_withdrawing_partner_ends_the_study(member):
    a, b = matched_pair(member)
    expect_action(a.withdraw(), 200)
    state = expect_state(b.state())
    assert state["matched"] == 1 and state["dodged"] == 1 and state["matchedUid"] == a.shown_uid
    expect_action(b.dodge(a.uid), 200)
    assert expect_user(b.get_user())["dodgeNum"] == 0


# ---------------------------------------------------------------------------------------------
# Paths the study server does not serve


@pytest.mark.parametrize("method,path", [
    ("GET", "/v1/queue"), ("PUT", "/v1/queue"), ("GET", "/v1/queue/nope"), ("PATCH", "/v1/user"),
    ("DELETE", "/v1/user"), ("GET", "/v1/user/withdraw"), ("POST", "/v1/queue/rate/"),
    ("POST", "/v1/queue/rate/a/b"), ("GET", "/v1/user/%00"), ("GET", "/v1/" + "q" * 5000),
])
def test_unknown_study_paths_answer_as_the_study_server(member, method, path):
    client = member()
    with_token = client.send(method, path)
    without = client.send(method, path, token=None)
    assert with_token.status_code == 404, (with_token.status_code, with_token.text[:200])
    if path.startswith(("/v1/user", "/v1/queue")):
        assert without.status_code == 401, (without.status_code, without.text[:200])


def test_empty_query_is_an_empty_query(member):
    client = member(WOOSEOKJ)
    for path in ("/v1/user", "/v1/queue/myQueueState"):
        assert client.send("GET", path, query="=").status_code in (200, 201)
    expect_action(client.send("DELETE", "/v1/queue", query="="), 201)
    expect_user(client.send("GET", "/v1/user", query="=&lastchatDate=2000-01-01T00%3A00%3A00.000Z"))


def test_a_review_sent_as_one_bracketed_value_is_taken(member):
    """Issue 35: another published client sends the titles as one form value of text,
    `reputation=[1, 0, 0, 1, 0, 0, 0, 0]`; it counts as the repeated keys do, and a list outside
    the bounds is refused with 501 and stores nothing."""
    a, b = matched_pair(member)
    path = f"/v1/queue/rate/{b.shown_uid}"
    refused = a.send("POST", path, form(("otheruid", b.shown_uid), ("reputation", "[1, 0, 2, 0, 0, 0, 0, 0]"), ("comment", "")))
    assert refused.status_code == 501
    assert b.get_user().json()["reputation"] == [0] * 9
    taken = a.send("POST", path, form(("otheruid", b.shown_uid), ("reputation", "[1, 0, 0, 1, 0, 0, 0, 0]"), ("comment", "좋아요")))
    expect_action(taken, 200)
    rated = b.get_user().json()
    assert rated["reputation"] == [1, 0, 0, 1, 0, 0, 0, 0, 0] and rated["comment"] == ["좋아요"]
