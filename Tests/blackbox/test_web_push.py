"""Web Push from the real binary to a local push service (`pyhelpers/fake_web_push.py`) that
checks each push as a push service does (VAPID signature and claims) and opens it as the
browser would (RFC 8291), with keys Sprout never sees.

A notification is pushed to the account's browsers only when none of its live streams showed it
within a few seconds; a push service's 410 forgets the subscription and its 429 is retried.
"""
from __future__ import annotations

import json
import time

import pytest
import requests

from pyhelpers.conversations_api import ConversationsAPI, Person
from pyhelpers.fake_web_push import start_fake_push_service
from pyhelpers.market_api import expect_error, expect_status
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server


@pytest.fixture(scope="module")
def push_service():
    service, server = start_fake_push_service()
    yield service
    server.shutdown()


@pytest.fixture(scope="module")
def push_server(tmp_path_factory, push_service):
    server = start_server(tmp_path_factory.mktemp("web-push"), {
        **NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", "SPROUT_WEB_PUSH_HOSTS": push_service.origin,
        "SPROUT_VAPID_SUBJECT": "mailto:ops@sprout.test",
    })
    yield server
    server.stop()


@pytest.fixture(scope="module")
def conv(push_server) -> ConversationsAPI:
    return ConversationsAPI(push_server.base_url)


def subscribe(conv: ConversationsAPI, who: Person, subscription: dict, status: int | None = 201, **headers) -> dict:
    """The answer; with `status=None`, whichever success it was, and its code as `status`."""
    response = conv.call(who, "POST", "/api/push/subscriptions", json=subscription, headers=headers)
    if status is None:
        assert response.status_code in (200, 201), response.text
        return {**response.json(), "status": response.status_code}
    expect_status(response, status)
    return response.json()


def ask_about_a_product(conv: ConversationsAPI, text: str) -> tuple[Person, Person, dict]:
    seller, buyer = conv.seller(), conv.join()
    return seller, buyer, conv.opened(buyer, conv.product(seller)["id"], text, status=201)


def test_a_message_while_no_page_is_open_is_pushed_encrypted_and_signed(conv, push_service):
    seller, buyer = conv.seller(), conv.join()
    browser = push_service.subscription()
    answer = subscribe(conv, seller, browser)
    assert answer["kind"] == "web" and isinstance(answer["id"], int)
    conversation = conv.opened(buyer, conv.product(seller)["id"], "Is the desk still there?", status=201)

    push = push_service.wait_for(browser["endpoint"])[0]
    assert push.payload["title"] == "Sprout"
    assert "Is the desk still there?" in push.payload["body"], push.payload
    assert push.payload["link"] == f"/inbox/{conversation['web_id']}"
    assert conversation["id"] not in json.dumps(push.payload), "a conversation's id is in no push"
    server_key = requests.get(conv.base_url + "/api/push/server-key", timeout=10).json()["public_key"]
    assert push.vapid_key == server_key, "signed by the key browsers subscribe with"
    assert push.claims["sub"] == "mailto:ops@sprout.test"
    assert int(push.headers["ttl"]) > 0 and push.headers["urgency"] == "normal"
    assert push_service.refused == []


def test_what_a_live_stream_showed_is_not_pushed_and_what_it_missed_is(conv, push_service):
    seller, buyer = conv.seller(), conv.join()
    browser = push_service.subscription()
    subscribe(conv, seller, browser)
    with conv.events(seller).wait_ready() as stream:
        conversation = conv.opened(buyer, conv.product(seller)["id"], "seen on the open page", status=201)
        assert "notification" in {stream.next_event().event for _ in range(2)}
    expect_status(conv.send(buyer, conversation["id"], "sent after the page closed"), 201)
    # The first one was due earlier: had it been pushed, it would have come first.
    pushes = push_service.wait_for(browser["endpoint"])
    assert len(pushes) == 1 and "sent after the page closed" in pushes[0].payload["body"], [p.payload for p in pushes]


def test_each_browser_gets_its_own_language(conv, push_service):
    seller = conv.seller()
    korean, english = push_service.subscription(), push_service.subscription()
    subscribe(conv, seller, korean)
    subscribe(conv, seller, english, **{"Accept-Language": "en-US,en;q=0.9"})
    ask = conv.join()
    conv.opened(ask, conv.product(seller)["id"], "hello", status=201)
    assert push_service.wait_for(korean["endpoint"])[0].payload["body"] == f"{ask.name}님의 메시지: hello"
    assert push_service.wait_for(english["endpoint"])[0].payload["body"] == f"{ask.name}: hello"


def test_a_subscription_the_push_service_calls_gone_is_forgotten(conv, push_service):
    seller = conv.seller()
    browser = push_service.subscription()
    subscribe(conv, seller, browser)
    push_service.answer(browser["endpoint"], 410)
    conv.opened(conv.join(), conv.product(seller)["id"], "anyone there?", status=201)
    # Subscribing again answers 200 while it is kept (and changes nothing), 201 once forgotten.
    deadline = time.monotonic() + 20
    while subscribe(conv, seller, browser, status=None)["status"] == 200:
        assert time.monotonic() < deadline, "a subscription the push service called gone was kept"
        time.sleep(0.2)


def test_a_busy_push_service_gets_the_push_again_later(conv, push_service):
    seller = conv.seller()
    browser = push_service.subscription()
    subscribe(conv, seller, browser)
    push_service.answer(browser["endpoint"], 429, {"Retry-After": "1"})
    conv.opened(conv.join(), conv.product(seller)["id"], "retry me", status=201)
    push = push_service.wait_for(browser["endpoint"], timeout=30)[0]
    assert "retry me" in push.payload["body"]


@pytest.mark.parametrize("endpoint", [
    "http://169.254.169.254/latest/meta-data/",
    "http://127.0.0.1:1/push/x",
    "https://fcm.googleapis.com.attacker.example/push",
    "https://user:secret@fcm.googleapis.com/fcm/send/x",
    "gopher://127.0.0.1:25/",
    "",
    "x" * 5000,
])
def test_an_endpoint_that_is_not_the_push_service_is_refused(conv, push_service, endpoint):
    person = conv.join()
    keys = push_service.subscription()["keys"]
    expect_error(conv.call(person, "POST", "/api/push/subscriptions", json={"endpoint": endpoint, "keys": keys}), 400)
    expect_status(conv.call(person, "DELETE", "/api/push/subscriptions", json={"endpoint": endpoint}), 404)


def test_the_sprout_server_itself_is_no_push_service(conv, push_service):
    person = conv.join()
    keys = push_service.subscription()["keys"]
    for path in ("/api/push/subscriptions", "/healthz", "/metrics"):
        expect_error(conv.call(person, "POST", "/api/push/subscriptions",
                               json={"endpoint": conv.base_url + path, "keys": keys}), 400)


def test_a_stranger_can_neither_remove_nor_steal_pushes_with_bad_keys(conv, push_service):
    owner, stranger = conv.join(), conv.join()
    browser = push_service.subscription()
    subscribe(conv, owner, browser)
    expect_error(conv.call(stranger, "DELETE", "/api/push/subscriptions", json={"endpoint": browser["endpoint"]}), 404)
    broken = {**browser, "keys": {"p256dh": browser["keys"]["p256dh"][:-4], "auth": browser["keys"]["auth"]}}
    expect_error(conv.call(stranger, "POST", "/api/push/subscriptions", json=broken), 400)
    expect_status(conv.call(None, "POST", "/api/push/subscriptions", json=browser), 401)
    expect_status(conv.call(owner, "DELETE", "/api/push/subscriptions", json={"endpoint": browser["endpoint"]}), 204)


def test_an_app_registers_its_fcm_token(conv):
    person = conv.join()
    assert subscribe(conv, person, {"fcm_token": "dGVzdC1kZXZpY2U6APA91bH-token"})["kind"] == "fcm"
    subscribe(conv, person, {"fcm_token": "dGVzdC1kZXZpY2U6APA91bH-token"}, status=200)
    for bad in ("", "two words", "\u0000nul", "x" * 4097, 42, None):
        expect_error(conv.call(person, "POST", "/api/push/subscriptions", json={"fcm_token": bad}), 400)
    expect_status(conv.call(person, "DELETE", "/api/push/subscriptions", json={"fcm_token": "dGVzdC1kZXZpY2U6APA91bH-token"}), 204)
