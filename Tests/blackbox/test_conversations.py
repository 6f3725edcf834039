"""Sprout's own conversations, blocks, notifications and live events (`/api/conversations`,
`/api/blocks`, `/api/unread`, `/api/notifications`, `/api/events`), driven through the real binary.

A buyer talks to the seller of a market product (or the author of a lessons post). Every id is
assumed known to an attacker, so a third account tries each route with real ids and must learn
nothing and change nothing.

The module shares one server. Accounts cost a bcrypt hash each, so `shop_owner` and `shopper`
are shared by the tests that only look at their own conversation (each makes a product of its
own); tests that count everything an account has (unread badges, notifications, the inbox, the
event log) join fresh accounts. `stranger` is never a member of anything.
"""
from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import pytest
import requests

from pyhelpers.conversations_api import (HANGUL, NOTIFICATION_KINDS, PASSWORD, ConversationsAPI, Person,
                                         check_conversation, check_keys, check_message, check_notification, unique_tag)
from pyhelpers.lessons_api import LessonsAPI, describe
from pyhelpers.lessons_posts import jpeg, new_member, png
from pyhelpers.market_api import expect_error, expect_status
from pyhelpers.scratch_postgres import create_database, drop_database
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.web_forms import WebVisitor

DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
SETTINGS = {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"}
UNKNOWN_ACCOUNT = "0123456789abcdef01234567"


class RespawningServer:
    """The module's server. A crash fails the test it is noticed in (at its setup or teardown)
    with the crash report, and the server comes back on the same data and port, so that one crash
    does not fail every test after it."""

    def __init__(self, workdir):
        self.workdir = workdir
        self.server = start_server(workdir, SETTINGS)
        self.port = urlsplit(self.server.base_url).port
        self.base_url = self.server.base_url

    def dev_key(self) -> str:
        return self.server.dev_key()

    def crash_report(self) -> str | None:
        """None while the server answers; else its output from the crash on, and the server
        restarted. (A stream a client closed may crash it only when it is next written to.)"""
        try:
            if requests.get(self.base_url + "/healthz", timeout=5).status_code == 200:
                return None
        except requests.RequestException:
            pass
        if self.server.process.poll() is None:
            try:
                self.server.process.wait(timeout=30)
            except Exception:
                self.server.stop()
        output = self.server.output()
        marks = [i for i in (output.find(m) for m in ("Assertion failed", "Fatal error", "*** Program crashed")) if i >= 0]
        self.server = start_server(self.workdir, SETTINGS, port=self.port)
        return output[max(0, min(marks) - 1500):][:4000] if marks else output[-4000:]

    def stop(self) -> None:
        self.server.stop()


@pytest.fixture(scope="module")
def conv_server(tmp_path_factory):
    started = RespawningServer(tmp_path_factory.mktemp("conversations"))
    yield started
    started.stop()


@pytest.fixture(autouse=True)
def server_survives(request, conv_server):
    if "two_instances" in request.fixturenames:
        yield
        return
    crashed = conv_server.crash_report()
    if crashed:
        pytest.fail(f"the server had crashed after the previous test (restarted):\n{crashed}")
    yield
    crashed = conv_server.crash_report()
    if crashed:
        pytest.fail(f"the server crashed during this test (restarted):\n{crashed}")


@pytest.fixture(scope="module")
def conv(conv_server) -> ConversationsAPI:
    return ConversationsAPI(conv_server.base_url)


@pytest.fixture(scope="module")
def shop_owner(conv) -> Person:
    return conv.seller()


@pytest.fixture(scope="module")
def shopper(conv) -> Person:
    return conv.join()


@pytest.fixture(scope="module")
def stranger(conv) -> Person:
    return conv.join()


@pytest.fixture(scope="module")
def talk(conv, shop_owner, shopper) -> dict:
    """One conversation for the tests that send into it and look only at what changed."""
    return conv.opened(shopper, conv.product(shop_owner)["id"], "Hello from the shared talk", status=201)


@pytest.fixture(scope="module")
def untouched(conv, shop_owner) -> dict:
    """A product nobody may ever successfully open a conversation about (every attempt is bad)."""
    return conv.product(shop_owner)


def newest_id(conv, who, conversation_id) -> int | None:
    response = conv.messages(who, conversation_id, "limit=1")
    expect_status(response, 200)
    messages = response.json()["messages"]
    return messages[0]["id"] if messages else None


def conversations_about(conv, who, product_id) -> list[str]:
    return [c["id"] for c in conv.inbox_all(who)
            if c["about"] and c["about"]["app"] == "market" and c["about"]["id"] == str(product_id)]


def forged(token: str) -> str:
    """The same claims with a signature that does not verify."""
    head, payload, signature = token.split(".")
    flipped = ("A" if signature[0] != "A" else "B") + signature[1:]
    return f"Bearer {head}.{payload}.{flipped}"


# --- Opening, reopening and the inbox --------------------------------------------------------


def test_opening_about_a_product_starts_a_conversation_with_its_seller_and_reopening_continues_it(
        conv, shop_owner, shopper):
    product = conv.product(shop_owner, name=f"Oak desk {unique_tag()}")
    first = conv.open(shopper, product["id"], "Is the desk still available?")
    expect_status(first, 201)
    opened = check_conversation(first.json())
    assert opened["other"]["id"] == shop_owner.id and opened["other"]["name"] == shop_owner.name
    thumbnail_path = urlsplit(product["thumbnail"]).path.lstrip("/")
    about = opened["about"]
    assert {k: about[k] for k in ("app", "id", "title", "price", "state", "path")} == {
        "app": "market", "id": str(product["id"]), "title": product["name"], "price": 45000, "state": None,
        "path": f"/market/products/{product['id']}"}
    assert isinstance(about["photo"], str) and about["photo"].endswith(thumbnail_path), about
    message = opened["last_message"]
    assert (message["sender_id"], message["text"], message["photo"]) == (shopper.id, "Is the desk still available?", None)
    # My own message is not unread for me, and I blocked nobody.
    assert opened["unread_count"] == 0 and opened["blocked"] is False

    again = conv.open(shopper, product["id"], "Would you take 40,000?")
    expect_status(again, 200)
    reopened = check_conversation(again.json())
    assert reopened["id"] == opened["id"] and reopened["web_id"] == opened["web_id"]
    assert reopened["last_message"]["text"] == "Would you take 40,000?"
    assert reopened["last_message"]["id"] > message["id"]

    seen_by_seller = conv.fetch(shop_owner, opened["id"])
    assert seen_by_seller["web_id"] == opened["web_id"], "one conversation, one web page for both"
    assert seen_by_seller["other"]["id"] == shopper.id and seen_by_seller["other"]["name"] == shopper.name
    assert seen_by_seller["about"] == reopened["about"]
    assert seen_by_seller["unread_count"] == 2
    assert seen_by_seller["last_message"] == reopened["last_message"]
    texts = [m["text"] for m in conv.all_messages(shop_owner, opened["id"])]
    assert texts == ["Would you take 40,000?", "Is the desk still available?"]


def test_the_inbox_holds_only_my_conversations_most_recent_activity_first_and_pages(conv):
    seller, buyer, neighbour = conv.seller(), conv.join(), conv.join()
    p1, p2, p3 = (conv.product(seller) for _ in range(3))
    c1 = conv.opened(buyer, p1["id"], status=201)["id"]
    c2 = conv.opened(buyer, p2["id"], status=201)["id"]
    c3 = conv.opened(buyer, p3["id"], status=201)["id"]
    c4 = conv.opened(neighbour, p1["id"], status=201)["id"]
    assert len({c1, c2, c3, c4}) == 4, "each buyer and product has a conversation of its own"
    conv.sent(buyer, c1, "bumping the first one")

    assert conv.inbox_ids(buyer) == [c1, c3, c2]
    assert conv.inbox_ids(neighbour) == [c4]
    assert conv.inbox_ids(seller) == [c1, c4, c3, c2]
    assert conv.inbox_ids(seller, limit=1) == [c1, c4, c3, c2]

    response = conv.inbox(seller, "limit=3")
    expect_status(response, 200)
    page = response.json()
    check_keys(page, {"conversations", "next_before"}, "inbox page")
    assert [c["id"] for c in page["conversations"]] == [c1, c4, c3]
    assert {c["id"]: c["other"]["id"] for c in page["conversations"]} == {c1: buyer.id, c4: neighbour.id, c3: buyer.id}
    assert isinstance(page["next_before"], int)
    rest = conv.inbox(seller, f"limit=3&before={page['next_before']}").json()
    assert [c["id"] for c in rest["conversations"]] == [c2] and rest["next_before"] is None

    conv.sent(seller, c2, "a reply moves it up")
    assert conv.inbox_ids(buyer) == [c2, c1, c3]
    assert conv.inbox_ids(seller) == [c2, c1, c4, c3]
    assert conv.inbox_ids(neighbour) == [c4]


def test_unread_counts_follow_messages_and_reading_clears_them(conv):
    seller, buyer = conv.seller(), conv.join()
    c1 = conv.opened(buyer, conv.product(seller)["id"], "one", status=201)["id"]
    conv.sent(buyer, c1, "two")
    three = conv.sent(buyer, c1, "three")
    c2 = conv.opened(buyer, conv.product(seller)["id"], "elsewhere", status=201)["id"]

    assert conv.fetch(seller, c1)["unread_count"] == 3
    assert conv.fetch(seller, c2)["unread_count"] == 1
    listed = conv.inbox(seller).json()["conversations"]
    assert {c["id"]: c["unread_count"] for c in listed} == {c1: 3, c2: 1}
    assert conv.unread(seller)["messages"] == 4
    assert conv.unread(buyer)["messages"] == 0

    response = conv.read(seller, c1)
    expect_status(response, 200)
    assert response.json() == {"conversation_id": c1, "reader_id": seller.id, "read_up_to": three["id"]}
    assert conv.fetch(seller, c1)["unread_count"] == 0
    assert conv.fetch(seller, c2)["unread_count"] == 1, "reading one conversation leaves the others"
    assert conv.unread(seller)["messages"] == 1
    assert conv.read(seller, c1).json()["read_up_to"] == three["id"], "reading again changes nothing"

    conv.sent(buyer, c1, "four")
    assert conv.fetch(seller, c1)["unread_count"] == 1
    assert conv.unread(seller)["messages"] == 2

    reply = conv.sent(seller, c1, "answering all four")
    assert conv.fetch(buyer, c1)["unread_count"] == 1
    assert conv.unread(buyer)["messages"] == 1
    receipt = conv.read(buyer, c1).json()
    assert receipt == {"conversation_id": c1, "reader_id": buyer.id, "read_up_to": reply["id"]}
    assert conv.unread(buyer)["messages"] == 0
    assert conv.fetch(buyer, c1)["unread_count"] == 0


# --- Message paging ----------------------------------------------------------------------------


def test_messages_come_newest_first_in_pages_joined_by_the_before_cursor(conv, shop_owner, shopper):
    conversation = conv.opened(shopper, conv.product(shop_owner)["id"], "m1", status=201)
    cid = conversation["id"]
    sent = [conversation["last_message"]]
    for n in range(2, 8):
        sent.append(conv.sent(shopper if n % 2 else shop_owner, cid, f"m{n}"))
    assert [m["id"] for m in sent] == sorted(m["id"] for m in sent), "ids increase"
    newest_first = list(reversed(sent))

    for who in (shopper, shop_owner):
        pages = conv.message_pages(who, cid, limit=3)
        assert pages == [newest_first[0:3], newest_first[3:6], newest_first[6:7]]

    whole = conv.messages(shopper, cid).json()
    assert whole == {"messages": newest_first, "next_before": None}
    older = conv.messages(shopper, cid, f"before={sent[3]['id']}").json()
    assert [m["text"] for m in older["messages"]] == ["m3", "m2", "m1"] and older["next_before"] is None
    assert conv.messages(shopper, cid, f"before={sent[0]['id']}").json() == {"messages": [], "next_before": None}
    assert [page for page in conv.message_pages(shop_owner, cid, limit=1)] == [[m] for m in newest_first]


def test_300_messages_sent_at_once_from_both_sides_page_fully_with_no_gap_and_no_duplicate(
        conv, shop_owner, shopper):
    conversation = conv.opened(shopper, conv.product(shop_owner)["id"], "message 0", status=201)
    cid = conversation["id"]
    local = threading.local()

    def send(n: int) -> dict:
        if not hasattr(local, "api"):
            local.api = ConversationsAPI(conv.base_url)
        who = shopper if n % 2 else shop_owner
        response = local.api.send(who, cid, f"message {n}")
        expect_status(response, 201)
        return check_message(response.json())

    with ThreadPoolExecutor(4) as pool:
        sent = [conversation["last_message"], *pool.map(send, range(1, 300))]
    by_id = {m["id"]: m for m in sent}
    assert len(by_id) == 300, "every message got an id of its own"
    expected = [by_id[i] for i in sorted(by_id, reverse=True)]

    default_page = conv.messages(shop_owner, cid).json()
    assert default_page["messages"] == expected[:30] and isinstance(default_page["next_before"], int)
    for who, limit in ((shopper, 50), (shop_owner, 7), (shopper, 13)):
        pages = conv.message_pages(who, cid, limit)
        assert all(len(page) <= limit for page in pages)
        assert [m for page in pages for m in page] == expected, f"limit {limit}"
    assert conv.fetch(shop_owner, cid)["last_message"] == expected[0]


@pytest.mark.parametrize("query", ["limit=0", "limit=51", "limit=x", "limit=-1", "limit=1.5",
                                   "limit=99999999999999999999", "before=x", "before=1.5", "before=1e3"])
@pytest.mark.parametrize("listing", ["inbox", "messages"])
def test_bad_limits_and_cursors_are_400(conv, shopper, talk, listing, query):
    response = conv.inbox(shopper, query) if listing == "inbox" else conv.messages(shopper, talk["id"], query)
    expect_error(response, 400)


@pytest.mark.parametrize("limit", [1, 50])
def test_the_edge_limits_are_served(conv, shopper, talk, limit):
    expect_status(conv.inbox(shopper, f"limit={limit}"), 200)
    messages = conv.messages(shopper, talk["id"], f"limit={limit}")
    expect_status(messages, 200)
    assert 1 <= len(messages.json()["messages"]) <= limit


# --- Photos ------------------------------------------------------------------------------------


def test_a_photo_message_stores_the_image_and_serves_it(conv, conv_server, shop_owner, shopper):
    cid = conv.opened(shopper, conv.product(shop_owner)["id"], status=201)["id"]
    captioned = conv.send_photo(shopper, cid, jpeg((32, 24)), text="the scratch I mentioned")
    expect_status(captioned, 201)
    first = check_message(captioned.json())
    assert (first["sender_id"], first["text"], first["conversation_id"]) == (shopper.id, "the scratch I mentioned", cid)
    bare = conv.send_photo(shop_owner, cid, png((20, 20)), filename="reply.png", content_type="image/png")
    expect_status(bare, 201)
    second = check_message(bare.json())
    assert second["text"] == "" and second["sender_id"] == shop_owner.id
    assert first["photo"] != second["photo"]

    for message in (first, second):
        served = requests.get(f"{conv_server.base_url}/{message['photo']}", timeout=15)
        expect_status(served, 200)
        assert served.headers["Content-Type"].startswith("image/"), served.headers
        assert served.content[:2] == b"\xff\xd8" or served.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert conv.all_messages(shop_owner, cid)[:2] == [second, first]
    assert conv.fetch(shopper, cid)["last_message"] == second


@pytest.mark.parametrize("filename,data,content_type", [
    ("photo.jpg", b"this is only text pretending to be a photo", "image/jpeg"),
    ("photo.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 40, "image/png"),
    ("photo.svg", b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "image/svg+xml"),
    ("photo.html", b"<html><script>alert(1)</script></html>", "text/html"),
    ("empty.jpg", b"", "image/jpeg"),
], ids=["text-as-jpeg", "png-header-only", "svg-with-script", "html", "empty"])
def test_a_photo_that_is_not_an_image_is_refused_and_nothing_is_stored(conv, shopper, talk, filename, data, content_type):
    before = newest_id(conv, shopper, talk["id"])
    response = conv.send_photo(shopper, talk["id"], data, filename=filename, content_type=content_type)
    expect_error(response, 400)
    assert newest_id(conv, shopper, talk["id"]) == before


@pytest.mark.parametrize("text", ["x" * 1001, "nul\x00inside"], ids=["1001-chars", "nul"])
def test_a_photo_with_a_bad_caption_is_refused_and_nothing_is_stored(conv, shopper, talk, text):
    before = newest_id(conv, shopper, talk["id"])
    expect_error(conv.send_photo(shopper, talk["id"], jpeg(), text=text), 400)
    assert newest_id(conv, shopper, talk["id"]) == before


def test_a_blank_caption_beside_a_photo_is_no_caption(conv, shopper, talk):
    sent = conv.send_photo(shopper, talk["id"], jpeg(), text="  \n ")
    expect_status(sent, 201)
    assert sent.json()["text"] == "" and sent.json()["photo"]


# --- Outsiders -----------------------------------------------------------------------------------


def test_a_third_account_gets_404_from_every_route_of_a_real_conversation_and_changes_nothing(
        conv, shop_owner, shopper, stranger):
    secret = f"my address is {unique_tag()}"
    cid = conv.opened(shopper, conv.product(shop_owner)["id"], secret, status=201)["id"]
    conv.sent(shop_owner, cid, "see you at six")
    members_view = {who.id: (conv.fetch(who, cid), conv.all_messages(who, cid)) for who in (shopper, shop_owner)}

    attempts = [
        conv.conversation(stranger, cid),
        conv.messages(stranger, cid),
        conv.messages(stranger, cid, "limit=50"),
        conv.send(stranger, cid, "let me in"),
        conv.send_photo(stranger, cid, jpeg()),
        conv.read(stranger, cid),
        conv.report(stranger, cid, {"reason": "spam"}),
    ]
    for response in attempts:
        expect_error(response, 404)
        assert secret not in response.text and "see you at six" not in response.text, describe(response)

    for who in (shopper, shop_owner):
        assert (conv.fetch(who, cid), conv.all_messages(who, cid)) == members_view[who.id]
    assert conv.inbox_ids(stranger) == []
    assert conv.unread(stranger)["messages"] == 0


@pytest.mark.parametrize("conversation_id", [
    "0123456789abcdef0123456789abcdef", "0", "-1", "%2e%2e", "a" * 300, "%00",
], ids=["random", "zero", "negative", "dot-dot", "long", "nul"])
def test_unknown_conversation_ids_are_404(conv, shopper, conversation_id):
    for response in (conv.conversation(shopper, conversation_id), conv.messages(shopper, conversation_id),
                     conv.send(shopper, conversation_id, "hello?"), conv.read(shopper, conversation_id),
                     conv.report(shopper, conversation_id, {"reason": "spam"})):
        expect_error(response, 404)


def test_ids_in_a_body_cannot_send_as_someone_else_or_elsewhere(conv, shop_owner, shopper, stranger, talk):
    elsewhere = conv.opened(shopper, conv.product(shop_owner)["id"], status=201)["id"]
    before_elsewhere = newest_id(conv, shopper, elsewhere)
    response = conv.call(shopper, "POST", f"/api/conversations/{talk['id']}/messages", json={
        "text": "only text counts", "sender_id": shop_owner.id, "conversation_id": elsewhere, "id": 1,
        "photo": "uploads/../../jwt-secret", "sent_at": "2000-01-01T00:00:00Z"})
    expect_status(response, 201)
    message = check_message(response.json())
    assert (message["sender_id"], message["conversation_id"], message["photo"]) == (shopper.id, talk["id"], None)
    assert newest_id(conv, shopper, elsewhere) == before_elsewhere

    opened = conv.call(stranger, "POST", "/api/conversations", json={
        "about": {"app": "market", "id": str(shop_owner.products[0]["id"])}, "text": "hi",
        "other": {"id": shopper.id}, "id": talk["id"]})
    expect_status(opened, 201)
    conversation = check_conversation(opened.json())
    assert conversation["other"]["id"] == shop_owner.id and conversation["id"] != talk["id"]
    assert conv.fetch(shopper, talk["id"])["last_message"]["text"] == "only text counts"


# --- What cannot be talked about ---------------------------------------------------------------


def test_opening_about_ones_own_product_is_403_and_opens_nothing(conv, shop_owner):
    product = conv.product(shop_owner)
    expect_error(conv.open(shop_owner, product["id"], "talking to myself"), 403)
    assert conversations_about(conv, shop_owner, product["id"]) == []


@pytest.mark.parametrize("about_id", ["999999999", "2147483648"])
def test_opening_about_an_unknown_product_is_404(conv, shopper, about_id):
    expect_error(conv.open(shopper, about_id), 404)


@pytest.mark.parametrize("about_id", ["abc", "1 OR 1=1", "../1", "-1", "0", "1e3", "99999999999999999999999", ""])
def test_opening_about_a_malformed_product_id_is_refused(conv, shopper, about_id):
    response = conv.open(shopper, about_id)
    assert response.status_code in (400, 404), describe(response)
    expect_error(response, response.status_code)


@pytest.mark.parametrize("app", ["karrot", "sesac", "", "market ", "../market"])
def test_opening_about_an_unknown_app_is_400(conv, shopper, untouched, app):
    expect_error(conv.open(shopper, untouched["id"], app=app), 400)


def test_a_lessons_post_is_talked_about_with_its_author(conv, conv_server, shopper):
    lessons = LessonsAPI(conv_server.base_url, conv_server.dev_key())
    teacher = new_member(lessons, phoneNum="1")
    # Lessons are the posts All For Lesson files under its lesson product id.
    post = teacher.new_post("allforlesson", title=f"Cello for beginners {unique_tag()}")
    response = conv.open(shopper, post["post_id"], "Do you teach on weekends?", app="lessons")
    expect_status(response, 201)
    conversation = check_conversation(response.json())
    assert conversation["other"]["id"] == teacher.user_id
    assert conversation["other"]["picture"] is None, "no profile picture yet"
    expect_status(teacher.edit_profile(image=jpeg()), 200)
    picture = teacher.my_profile()["profileImage"]
    assert picture and conv.fetch(shopper, conversation["id"])["other"]["picture"] == picture, "the picture the teacher chose"
    about = conversation["about"]
    assert (about["app"], about["id"], about["title"], about["price"]) == ("lessons", post["post_id"], post["title"], 50000)
    assert about["path"].startswith("/"), about

    author = conv.log_in(teacher.account.email, teacher.account.password)
    seen = conv.fetch(author, conversation["id"])
    assert seen["other"]["id"] == shopper.id and seen["unread_count"] == 1
    expect_error(conv.open(author, post["post_id"], "me, myself", app="lessons"), 403)
    expect_error(conv.open(shopper, "0123456789abcdef01234567", app="lessons"), 404)


# --- Hostile bodies ----------------------------------------------------------------------------

BAD_TEXTS = {
    "empty": "", "space": " ", "whitespace": "  \n\t \r\n ", "ideographic-space": "\u3000\u3000",
    "1001-ascii": "a" * 1001, "1001-hangul": "가" * 1001, "1001-emoji": "😀" * 1001,
    "nul": "hello\x00world", "only-nul": "\x00", "bell": "ding\x07", "escape": "\x1b[31mred", "delete": "del\x7f",
    "unit-separator": "a\x1fb",
}
WRONG_TEXTS = {"int": 5, "null": None, "list": ["hi"], "object": {"text": "hi"}, "bool": True}
GOOD_TEXTS = {"1000-ascii": "a" * 1000, "1000-hangul": "가" * 1000, "1000-emoji": "😀" * 1000}


@pytest.mark.parametrize("text", list(BAD_TEXTS.values()) + list(WRONG_TEXTS.values()),
                         ids=list(BAD_TEXTS) + list(WRONG_TEXTS))
def test_a_bad_text_is_refused_and_nothing_is_sent(conv, shopper, talk, text):
    before = newest_id(conv, shopper, talk["id"])
    response = conv.call(shopper, "POST", f"/api/conversations/{talk['id']}/messages", json={"text": text})
    expect_error(response, 400)
    assert newest_id(conv, shopper, talk["id"]) == before


@pytest.mark.parametrize("text", list(BAD_TEXTS.values()) + list(WRONG_TEXTS.values()),
                         ids=list(BAD_TEXTS) + list(WRONG_TEXTS))
def test_a_bad_opening_text_is_refused_and_opens_nothing(conv, shopper, untouched, text):
    response = conv.call(shopper, "POST", "/api/conversations",
                         json={"about": {"app": "market", "id": str(untouched["id"])}, "text": text})
    expect_error(response, 400)
    assert conversations_about(conv, shopper, untouched["id"]) == []


@pytest.mark.parametrize("text", list(GOOD_TEXTS.values()), ids=list(GOOD_TEXTS))
def test_a_text_of_exactly_1000_characters_is_sent_whole(conv, shop_owner, shopper, talk, text):
    sent = conv.sent(shopper, talk["id"], text)
    assert sent["text"] == text
    opened = conv.opened(shopper, conv.product(shop_owner)["id"], text, status=201)
    assert opened["last_message"]["text"] == text


SEND_BODIES = {
    "malformed": b'{"text": "hi"', "array": b'["hi"]', "string": b'"hi"', "null": b"null",
    "empty-object": b"{}", "empty-body": b"", "not-json": b"text=hi",
}
OPEN_BODIES = {
    "malformed": b'{"about": {"app": "market", "id": "ID"}, "text": "hi"',
    "no-about": b'{"text": "hi"}',
    "no-text": b'{"about": {"app": "market", "id": "ID"}}',
    "about-null": b'{"about": null, "text": "hi"}',
    "about-string": b'{"about": "market/ID", "text": "hi"}',
    "about-empty": b'{"about": {}, "text": "hi"}',
    "no-app": b'{"about": {"id": "ID"}, "text": "hi"}',
    "no-id": b'{"about": {"app": "market"}, "text": "hi"}',
    "id-number": b'{"about": {"app": "market", "id": ID}, "text": "hi"}',
    "app-number": b'{"about": {"app": 1, "id": "ID"}, "text": "hi"}',
    "array": b"[]",
    "empty-body": b"",
}


@pytest.mark.parametrize("body", list(SEND_BODIES.values()), ids=list(SEND_BODIES))
def test_a_send_body_that_is_not_a_text_object_is_400(conv, shopper, talk, body):
    before = newest_id(conv, shopper, talk["id"])
    response = conv.call(shopper, "POST", f"/api/conversations/{talk['id']}/messages", data=body,
                         headers={"Content-Type": "application/json"})
    expect_error(response, 400)
    assert newest_id(conv, shopper, talk["id"]) == before


@pytest.mark.parametrize("body", list(OPEN_BODIES.values()), ids=list(OPEN_BODIES))
def test_an_open_body_missing_or_mistyping_fields_is_400(conv, shopper, untouched, body):
    response = conv.call(shopper, "POST", "/api/conversations", data=body.replace(b"ID", str(untouched["id"]).encode()),
                         headers={"Content-Type": "application/json"})
    expect_error(response, 400)
    assert conversations_about(conv, shopper, untouched["id"]) == []


def test_a_huge_body_is_refused_and_nothing_is_sent(conv, shopper, talk, untouched):
    before = newest_id(conv, shopper, talk["id"])
    huge = "a" * 2_000_000
    for response in (conv.send(shopper, talk["id"], huge),
                     conv.call(shopper, "POST", "/api/conversations",
                               json={"about": {"app": "market", "id": str(untouched["id"])}, "text": huge})):
        assert response.status_code in (400, 413), describe(response)
    assert newest_id(conv, shopper, talk["id"]) == before
    assert conversations_about(conv, shopper, untouched["id"]) == []


# --- Reports -----------------------------------------------------------------------------------


def test_each_member_files_one_report_and_refused_reports_file_nothing(conv, shop_owner, shopper):
    cid = conv.opened(shopper, conv.product(shop_owner)["id"], status=201)["id"]
    for body in ({"reason": "bogus"}, {"reason": ""}, {"reason": 5}, {}, {"note": "no reason"},
                 {"reason": "spam", "note": "n" * 501}, {"reason": "spam", "note": 7}, {"reason": "SPAM"}):
        expect_error(conv.report(shopper, cid, body), 400)
    malformed = conv.call(shopper, "POST", f"/api/conversations/{cid}/report", data=b'{"reason":',
                          headers={"Content-Type": "application/json"})
    expect_error(malformed, 400)

    first = conv.report(shopper, cid, {"reason": "other", "note": "n" * 500})
    expect_status(first, 200)
    assert first.json() == {"filed": True}
    for reason in ("fraud", "spam", "abusive", "prohibited"):
        again = conv.report(shopper, cid, {"reason": reason})
        expect_status(again, 200)
        assert again.json() == {"filed": False}, reason
    assert conv.report(shop_owner, cid, {"reason": "prohibited"}).json() == {"filed": True}
    assert conv.report(shop_owner, cid, {"reason": "abusive", "note": "again"}).json() == {"filed": False}


# --- Blocks --------------------------------------------------------------------------------------


def test_a_block_either_way_stops_opening_and_messaging_until_it_is_lifted(conv):
    seller, buyer = conv.seller(), conv.join()
    p1, p2 = conv.product(seller), conv.product(seller)
    cid = conv.opened(buyer, p1["id"], "before the block", status=201)["id"]

    def refused_both_ways():
        before = conv.all_messages(buyer, cid)
        for response in (conv.send(buyer, cid, "hello?"), conv.send(seller, cid, "hello?"),
                         conv.send_photo(buyer, cid, jpeg()), conv.send_photo(seller, cid, jpeg()),
                         conv.open(buyer, p1["id"], "again"), conv.open(buyer, p2["id"], "another thing")):
            expect_error(response, 403)
        assert conv.all_messages(seller, cid) == before
        assert conversations_about(conv, buyer, p2["id"]) == []

    blocked = conv.block(seller, buyer.id)
    expect_status(blocked, 200)
    assert blocked.json() == {"account": buyer.id, "blocked": True}
    refused_both_ways()
    assert conv.fetch(seller, cid)["blocked"] is True
    assert conv.fetch(buyer, cid)["blocked"] is False, "blocked says whether I blocked the other"

    lifted = conv.unblock(seller, buyer.id)
    expect_status(lifted, 200)
    assert lifted.json() == {"account": buyer.id, "blocked": False}
    assert conv.fetch(seller, cid)["blocked"] is False
    conv.sent(buyer, cid, "after the block")
    conv.sent(seller, cid, "welcome back")

    expect_status(conv.block(buyer, seller.id), 200)
    refused_both_ways()
    assert conv.fetch(buyer, cid)["blocked"] is True and conv.fetch(seller, cid)["blocked"] is False
    expect_status(conv.unblock(buyer, seller.id), 200)
    assert conv.opened(buyer, p2["id"], "now about the other thing", status=201)["about"]["id"] == str(p2["id"])
    assert [m["text"] for m in conv.all_messages(seller, cid)] == ["welcome back", "after the block", "before the block"]


def test_blocking_oneself_or_nobody_is_refused(conv, shopper):
    expect_error(conv.block(shopper, shopper.id), 400)
    expect_error(conv.block(shopper, UNKNOWN_ACCOUNT), 404)
    for body in ({}, {"account": 5}, {"account": None}, {"account": [shopper.id]}):
        expect_error(conv.call(shopper, "POST", "/api/blocks", json=body), 400)
    expect_error(conv.call(shopper, "POST", "/api/blocks", data=b'{"account":',
                           headers={"Content-Type": "application/json"}), 400)


# --- Authentication ----------------------------------------------------------------------------

AUTHED_ROUTES = [
    ("POST", "/api/conversations", {"about": {"app": "market", "id": "PRODUCT"}, "text": "hi"}),
    ("GET", "/api/conversations", None),
    ("GET", "/api/conversations/CID", None),
    ("GET", "/api/conversations/CID/messages", None),
    ("POST", "/api/conversations/CID/messages", {"text": "hi"}),
    ("POST", "/api/conversations/CID/read", None),
    ("POST", "/api/conversations/CID/report", {"reason": "spam"}),
    ("POST", "/api/blocks", {"account": "ACCOUNT"}),
    ("DELETE", "/api/blocks/ACCOUNT", None),
    ("GET", "/api/unread", None),
    ("GET", "/api/notifications", None),
    ("POST", "/api/notifications/read", {}),
    ("GET", "/api/notifications/settings", None),
    ("PUT", "/api/notifications/settings", {"kind": "message", "enabled": False}),
    ("GET", "/api/events", None),
]


# A bare token (no "Bearer ") is valid on every Sprout API by design, as in the lessons contract.
@pytest.mark.parametrize("credential", ["none", "forged", "garbage"])
@pytest.mark.parametrize("method,path,body", AUTHED_ROUTES, ids=[f"{m} {p}" for m, p, _ in AUTHED_ROUTES])
def test_every_route_needs_a_valid_token(conv, shop_owner, shopper, talk, method, path, body, credential):
    authorization = {"none": None, "forged": forged(shopper.token), "garbage": "Bearer not-a-token"}[credential]
    path = path.replace("CID", talk["id"]).replace("ACCOUNT", shop_owner.id)
    if body is not None:
        body = {**body, **({"about": {"app": "market", "id": str(shop_owner.products[0]["id"])}} if "about" in body else {}),
                **({"account": shop_owner.id} if "account" in body else {})}
    before = newest_id(conv, shopper, talk["id"])
    response = conv.call(authorization, method, path, json=body, timeout=10, stream=path == "/api/events")
    try:
        expect_error(response, 401)
    finally:
        response.close()
    assert newest_id(conv, shopper, talk["id"]) == before


# --- Notifications -----------------------------------------------------------------------------


def test_a_message_notifies_its_receiver_once_in_their_language(conv):
    seller, buyer = conv.seller(name=f"Seller{unique_tag()}"), conv.join(name=f"Haneul{unique_tag()}")
    opened = conv.opened(buyer, conv.product(seller)["id"], "first", status=201)
    cid = opened["id"]

    korean = conv.notifications(seller)
    assert [(n["kind"], n["app"], n["read"]) for n in korean] == [("message", "market", False)]
    # It leads to the conversation's web page, which goes by its web id, never by its id.
    assert korean[0]["link"] == f"/inbox/{opened['web_id']}" and cid not in korean[0]["link"], korean[0]
    assert buyer.name in korean[0]["text"] and HANGUL.search(korean[0]["text"]), korean[0]
    english = conv.notifications(seller, language="en")
    assert [n["id"] for n in english] == [korean[0]["id"]]
    assert buyer.name in english[0]["text"] and not HANGUL.search(english[0]["text"]), english[0]
    assert conv.notifications(buyer) == [], "one's own message notifies nobody but the other"
    assert conv.unread(seller)["notifications"] == 1

    conv.sent(buyer, cid, "second")
    items = conv.notifications(seller)
    assert [n["kind"] for n in items] == ["message", "message"] and items[0]["id"] > items[1]["id"]
    assert conv.unread(seller)["notifications"] == 2

    conv.sent(seller, cid, "a reply")
    mine = conv.notifications(buyer)
    assert len(mine) == 1 and mine[0]["kind"] == "message" and seller.name in mine[0]["text"]


def test_liking_a_product_notifies_its_seller_unless_the_seller_likes_it(conv):
    seller, fan = conv.seller(), conv.join(name=f"Fan{unique_tag()}")
    product = conv.product(seller)
    expect_status(conv.call(seller, "PUT", f"/api/market/likes/{product['id']}"), 200)
    assert conv.notifications(seller) == []
    expect_status(conv.call(fan, "PUT", f"/api/market/likes/{product['id']}"), 200)
    items = conv.notifications(seller)
    assert [(n["kind"], n["app"], n["read"]) for n in items] == [("product_liked", "market", False)]
    assert conv.notifications(fan) == []
    assert conv.unread(seller) == {"messages": 0, "notifications": 1}


def test_notifications_are_marked_read_all_at_once_or_up_to_an_id(conv):
    seller, buyer = conv.seller(), conv.join()
    cid = conv.opened(buyer, conv.product(seller)["id"], "n1", status=201)["id"]
    for n in range(2, 5):
        conv.sent(buyer, cid, f"n{n}")
    conv.sent(seller, cid, "one for the buyer")
    items = conv.notifications(seller)
    assert len(items) == 4 and all(not n["read"] for n in items)
    n4, n3, n2, n1 = items
    walked = []
    query = "limit=1"
    while True:
        page = conv.notifications_page(seller, query).json()
        walked += page["notifications"]
        if page["next_before"] is None:
            break
        query = f"limit=1&before={page['next_before']}"
    assert walked == items

    for body in ({"up_to": "x"}, {"up_to": 1.5}, {"up_to": [1]}):
        expect_error(conv.read_notifications(seller, body), 400)
    response = conv.read_notifications(seller, {"up_to": n2["id"]})
    expect_status(response, 200)
    assert response.json() == {"unread_count": 2}
    assert [n["read"] for n in conv.notifications(seller)] == [False, False, True, True]
    assert conv.unread(seller)["notifications"] == 2

    everything = conv.read_notifications(seller, {})
    expect_status(everything, 200)
    assert everything.json() == {"unread_count": 0}
    assert all(n["read"] for n in conv.notifications(seller))
    assert conv.unread(seller)["notifications"] == 0
    # The seller's "read everything" is about the seller's notifications only.
    assert [n["read"] for n in conv.notifications(buyer)] == [False]
    assert conv.unread(buyer)["notifications"] == 1
    # An id far beyond anyone's reads only mine.
    assert conv.read_notifications(buyer, {"up_to": 2**53}).json() == {"unread_count": 0}


def test_a_disabled_kind_makes_no_notification_while_messages_still_arrive(conv, shopper):
    seller = conv.seller()
    defaults = conv.settings(seller)
    expect_status(defaults, 200)
    assert set(defaults.json()) == {"kinds"}
    assert sorted((k["kind"], k["enabled"]) for k in defaults.json()["kinds"]) == sorted(
        (kind, True) for kind in NOTIFICATION_KINDS)

    for body in ({"kind": "bogus", "enabled": False}, {"kind": "message", "enabled": "no"},
                 {"kind": "message"}, {"enabled": False}, {"kind": "MESSAGE", "enabled": False}):
        expect_error(conv.set_setting(seller, body), 400)
    assert conv.settings(seller).json() == defaults.json(), "refused changes change nothing"

    changed = conv.set_setting(seller, {"kind": "message", "enabled": False})
    expect_status(changed, 200)
    expected = sorted((kind, kind != "message") for kind in NOTIFICATION_KINDS)
    assert sorted((k["kind"], k["enabled"]) for k in changed.json()["kinds"]) == expected
    assert sorted((k["kind"], k["enabled"]) for k in conv.settings(seller).json()["kinds"]) == expected
    assert all(k["enabled"] for k in conv.settings(shopper).json()["kinds"]), "settings are per account"

    product = conv.product(seller)
    cid = conv.opened(shopper, product["id"], "quietly", status=201)["id"]
    assert conv.notifications(seller) == []
    assert conv.fetch(seller, cid)["unread_count"] == 1
    assert [m["text"] for m in conv.all_messages(seller, cid)] == ["quietly"]
    assert conv.unread(seller) == {"messages": 1, "notifications": 0}
    expect_status(conv.call(shopper, "PUT", f"/api/market/likes/{product['id']}"), 200)
    assert [n["kind"] for n in conv.notifications(seller)] == ["product_liked"], "other kinds still notify"

    expect_status(conv.set_setting(seller, {"kind": "message", "enabled": True}), 200)
    conv.sent(shopper, cid, "loudly")
    assert [n["kind"] for n in conv.notifications(seller)] == ["message", "product_liked"]


# --- Live events -------------------------------------------------------------------------------


@pytest.mark.parametrize("authorization", [None, "Bearer not-a-token", "FORGED"], ids=["none", "garbage", "forged"])
def test_the_event_stream_needs_a_credential(conv, shopper, authorization):
    with conv.events(forged(shopper.token) if authorization == "FORGED" else authorization) as stream:
        expect_error(stream.response, 401)


def test_a_message_reaches_both_peoples_streams_live(conv, shop_owner, shopper):
    product = conv.product(shop_owner)
    with conv.events(shop_owner) as seller_stream, conv.events(shopper) as buyer_stream:
        for stream in (seller_stream, buyer_stream):
            assert stream.response.headers["Content-Type"].startswith("text/event-stream")
            stream.wait_ready()
            assert stream.retry is not None and stream.retry > 0
        conversation = conv.opened(shopper, product["id"], "live, please", status=201)
        message = conversation["last_message"]

        received = seller_stream.until_message(message["id"])
        event = received[-1]
        assert isinstance(event.id, int)
        assert set(event.data) == {"conversation", "message"} and event.data["message"] == message
        seen = check_conversation(event.data["conversation"])
        assert seen["id"] == conversation["id"] and seen["other"]["id"] == shopper.id and seen["unread_count"] == 1
        notified = seller_stream.until(lambda e: e.event == "notification")[-1]
        assert check_notification(notified.data)["kind"] == "message"
        assert notified.data["id"] == conv.notifications(shop_owner)[0]["id"]

        own = buyer_stream.until_message(message["id"])[-1]
        assert own.data["message"] == message
        assert own.data["conversation"]["other"]["id"] == shop_owner.id
        assert own.data["conversation"]["unread_count"] == 0

        reply = conv.sent(shop_owner, conversation["id"], "live reply")
        assert buyer_stream.until_message(reply["id"])[-1].data["message"] == reply
        ids = [e.id for e in received]
        assert ids == sorted(set(ids)), "event ids increase"


def test_a_stream_beyond_an_accounts_32_ends_the_oldest_instead_of_being_refused(conv, shop_owner, shopper):
    """A page reloaded many times leaves streams the server has not yet seen close: the newest is
    served and the oldest gives way, and the streams that stay still receive what is sent."""
    streams = [conv.events(shopper).wait_ready() for _ in range(32)]
    try:
        newest = conv.events(shopper).wait_ready()
        streams.append(newest)
        with pytest.raises(AssertionError, match="ended"):
            streams[0].next_event(within=5)
        message = conv.opened(shopper, conv.product(shop_owner)["id"], "still here?", status=201)["last_message"]
        for stream in (streams[1], newest):
            assert stream.until_message(message["id"])[-1].data["message"] == message
    finally:
        for stream in streams:
            stream.close()


def test_reading_sends_a_read_event_to_the_other_side(conv, shop_owner, shopper):
    cid = conv.opened(shopper, conv.product(shop_owner)["id"], "did you see this?", status=201)["id"]
    with conv.events(shopper) as buyer_stream:
        buyer_stream.wait_ready()
        receipt = conv.read(shop_owner, cid)
        expect_status(receipt, 200)
        event = buyer_stream.until(lambda e: e.event == "read" and e.data.get("conversation_id") == cid)[-1]
        assert event.data == receipt.json()
        assert event.data["reader_id"] == shop_owner.id


def test_reconnecting_with_last_event_id_replays_exactly_the_missed_events_then_goes_live(conv, shopper):
    seller = conv.seller()  # fresh, so that every event of the seller's comes from this test
    with conv.events(seller) as first:
        first.wait_ready()
        conversation = conv.opened(shopper, conv.product(seller)["id"], "m1", status=201)
        cid, m1 = conversation["id"], conversation["last_message"]
        seen = first.until_message(m1["id"])
        if not any(e.event == "notification" for e in seen):
            seen += first.until(lambda e: e.event == "notification")
    last_seen = max(e.id for e in seen)

    missed = [conv.sent(shopper, cid, "m2"), conv.sent(shopper, cid, "m3")]
    with conv.events(seller, last_event_id=last_seen) as second:
        second.wait_ready()
        live = conv.sent(shopper, cid, "m4")
        replayed = second.until_message(live["id"])
    ids = [e.id for e in replayed]
    assert ids == sorted(set(ids)) and ids[0] > last_seen, ids
    assert [e.data["message"] for e in replayed if e.event == "message"] == [*missed, live]
    assert {e.event for e in replayed} <= {"message", "notification"}
    assert sum(e.event == "notification" for e in replayed[:-1]) >= 2, "the missed notifications come back too"

    with conv.events(seller) as third:
        third.wait_ready()
        newest = conv.sent(shopper, cid, "m5")
        fresh = third.until_message(newest["id"])
    assert all(e.id > max(ids) for e in fresh), "without Last-Event-ID only new events arrive"
    assert [e.data["message"]["id"] for e in fresh if e.event == "message"] == [newest["id"]]

    # From the very start: the seller's whole log and nothing of the shopper's other conversations.
    with conv.events(seller, last_event_id=0) as everything:
        everything.wait_ready()
        last = conv.sent(shopper, cid, "m6")
        history = everything.until_message(last["id"], within=10)
    messages = [e.data for e in history if e.event == "message"]
    assert [m["message"]["text"] for m in messages] == ["m1", "m2", "m3", "m4", "m5", "m6"]
    assert all(m["conversation"]["id"] == cid for m in messages)


def test_the_web_session_cookie_opens_the_event_stream(conv, conv_server, shop_owner, shopper):
    visitor = WebVisitor(conv_server.base_url)
    logged_in = visitor.log_in(shop_owner.email, PASSWORD)
    assert logged_in.status_code in (302, 303), describe(logged_in)
    with conv.events(None, cookies=visitor.http.cookies) as stream:
        stream.wait_ready()
        message = conv.opened(shopper, conv.product(shop_owner)["id"], "to the browser", status=201)["last_message"]
        assert stream.until_message(message["id"])[-1].data["message"] == message


# --- Two instances on one PostgreSQL -----------------------------------------------------------


@pytest.fixture
def two_instances(tmp_path):
    if not DATABASE_URL:
        pytest.skip("TEST_DATABASE_URL is not set")
    created = create_database(DATABASE_URL, "sprout_conv_")
    assert created, "the test role may create databases"
    name, url = created
    env = {**SETTINGS, "DATABASE_URL": url, "SPROUT_TOKEN_SECRET": "conversations-" + "0123456789abcdef" * 4}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    started = []
    try:
        started.append(start_server(tmp_path / "a", env))
        started.append(start_server(tmp_path / "b", env))
        yield ConversationsAPI(started[0].base_url), ConversationsAPI(started[1].base_url)
    finally:
        for server in started:
            server.stop()
        drop_database(DATABASE_URL, name)


def test_a_stream_on_one_instance_receives_what_is_sent_through_the_other(two_instances):
    a, b = two_instances
    seller, buyer = a.seller(), b.join()
    product = a.product(seller)
    with a.events(seller) as seller_on_a, a.events(buyer) as buyer_on_a:
        seller_on_a.wait_ready()
        buyer_on_a.wait_ready()
        conversation = b.opened(buyer, product["id"], "sent through B", status=201)
        message = conversation["last_message"]
        event = seller_on_a.until_message(message["id"])[-1]
        assert event.data["message"] == message and event.data["conversation"]["id"] == conversation["id"]
        last_seen = event.id

        receipt = b.read(seller, conversation["id"]).json()
        assert buyer_on_a.until(lambda e: e.event == "read")[-1].data == receipt

    later = b.sent(buyer, conversation["id"], "while nobody listened")
    with b.events(seller, last_event_id=last_seen) as seller_on_b:
        seller_on_b.wait_ready()
        replayed = seller_on_b.until_message(later["id"])
    assert [e.data["message"] for e in replayed if e.event == "message"] == [later]
    assert a.fetch(seller, conversation["id"])["last_message"] == later
