"""The attacks of issue 43's items 4 to 6 against a running server, each as a stranger would run
them: a ring of fresh accounts reviewing a seller up, one account writing to every stranger, a
like toggled for notifications, one product's id spelled many ways, and a URL that would forge a
log line."""
from __future__ import annotations

import pytest

from pyhelpers.conversations_api import ConversationsAPI, Person
from pyhelpers.market_api import expect_status
from pyhelpers.sprout_server import NO_RATE_LIMITS


@pytest.fixture(scope="module")
def limited(tmp_path_factory):
    """A server with the default conversation limits (the shared servers turn them off)."""
    from pyhelpers.sprout_server import start_server
    server = start_server(tmp_path_factory.mktemp("abuse"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false",
                                                             "SPROUT_CONVERSATION_LIMIT": "30", "SPROUT_CONVERSATION_LIMIT_NEW": "5"})
    yield server
    server.stop()


@pytest.fixture(scope="module")
def conv(limited) -> ConversationsAPI:
    return ConversationsAPI(limited.base_url)


def trust_of(conv: ConversationsAPI, product_id) -> dict:
    vendor_id = conv.call(None, "GET", f"/api/products/{product_id}").json()["vendor_id"]
    return conv.call(None, "GET", f"/api/market/vendors/{vendor_id}").json()


def test_a_ring_of_fresh_accounts_raises_no_trust(conv):
    seller = conv.seller()
    product = conv.product(seller)["id"]
    ring: list[Person] = []
    for _ in range(10):
        sybil = conv.join()
        conv.opened(sybil, product, "살게요", status=201)
        expect_status(conv.call(seller, "POST", f"/api/market/products/{product}/sold", json={"buyer": sybil.id}), 200)
        expect_status(conv.call(sybil, "POST", f"/api/market/products/{product}/reviews", json={"rating": "great", "text": "최고"}), 200)
        ring.append(sybil)
    profile = trust_of(conv, product)
    assert profile["trust"] == {"score": 36.5, "great": 0, "good": 0, "bad": 0, "reviews": 0}, profile["trust"]
    assert len(profile["reviews"]) == 1 and not profile["reviews"][0]["counted"], "each re-sale voided the sale before"
    again = conv.call(ring[0], "POST", f"/api/market/products/{product}/reviews", json={"rating": "great", "text": "또"})
    assert again.status_code == 403, "an earlier buyer may no longer review"


def test_one_account_writing_to_every_stranger_is_stopped(conv):
    spammer = conv.join()
    sellers = [conv.seller() for _ in range(6)]
    products = [conv.product(seller)["id"] for seller in sellers]
    for product in products[:5]:
        conv.opened(spammer, product, "싸게 팔아요 http://spam.example", status=201)
    refused = conv.open(spammer, products[5], "싸게 팔아요")
    assert refused.status_code == 429, refused.text
    assert 1 <= int(refused.headers["Retry-After"]) <= 3600
    assert conv.inbox_all(sellers[5]) == [], "nothing was opened"
    again = conv.open(spammer, products[0], "still there?")
    assert again.status_code == 200, "writing again to someone it talks with is no new stranger"
    another = conv.product(sellers[0])["id"]
    assert conv.open(spammer, another, "and this one?").status_code == 201, "nor is another thing of the same seller"


def test_every_spelling_of_one_product_opens_one_conversation(conv):
    seller, buyer = conv.seller(), conv.join()
    product = conv.product(seller)["id"]
    first = conv.opened(buyer, product, "hi", status=201)
    for spelling in (f"0{product}", f"000{product}", f"+{product}"):
        again = conv.opened(buyer, spelling, "hi again", status=200)
        assert again["id"] == first["id"], spelling
    assert len(conv.inbox_all(seller)) == 1


def test_a_like_toggled_twenty_times_is_one_notification_that_counts_people(conv):
    seller = conv.seller()
    product = conv.product(seller)["id"]
    fickle = conv.join()
    for _ in range(20):
        expect_status(conv.call(fickle, "PUT", f"/api/market/likes/{product}"), 200)
        conv.call(fickle, "DELETE", f"/api/market/likes/{product}")
    liked = [n for n in conv.notifications(seller) if n["kind"] == "product_liked"]
    assert len(liked) == 1, liked
    for _ in range(2):
        expect_status(conv.call(conv.join(), "PUT", f"/api/market/likes/{product}"), 200)
    liked = [n for n in conv.notifications(seller) if n["kind"] == "product_liked"]
    assert len(liked) == 1 and liked[0]["text"].startswith("3명이"), liked


@pytest.mark.parametrize("cover", ["https://covers.example%0a.com/a.jpg", "https://covers.example/a.jpg%0d%0a[ INFO ] forged"])
def test_a_url_that_would_forge_a_log_line_is_refused(conv, limited, cover):
    reader = conv.join()
    refused = conv.call(reader, "POST", "/api/reading/library", json={"title": "Forged", "cover": cover})
    assert refused.status_code == 422, refused.text
    assert not [line for line in limited.output().splitlines() if line.startswith("[ INFO ] forged")]


def test_a_wal_grown_behind_a_long_reader_is_emptied_once_it_lets_go(start_sprout, tmp_path):
    """A reader holding an old snapshot lets SQLite's WAL grow while people write; once it lets
    go, a clean stop leaves no WAL behind, and the server starts again on the same data."""
    import sqlite3
    server = start_sprout({"SPROUT_DEMO_DATA": "false"}, workdir=tmp_path)
    api = ConversationsAPI(server.base_url)
    seller, buyer = api.seller(), api.join()
    conversation = api.opened(buyer, api.product(seller)["id"], "hello", status=201)["id"]
    database = server.data_dir / "sprout.sqlite"
    wal = database.with_name("sprout.sqlite-wal")
    reader = sqlite3.connect(database, isolation_level=None)
    try:
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM accounts").fetchone()
        for index in range(150):
            expect_status(api.send(buyer, conversation, f"message {index} " + "가" * 400), 201)
        assert wal.stat().st_size > 1_000_000, f"the WAL grew behind the reader: {wal.stat().st_size} bytes"
        reader.execute("ROLLBACK")
    finally:
        reader.close()
    server.stop()
    assert not wal.exists() or wal.stat().st_size == 0, f"{wal.stat().st_size} bytes left after a clean stop"
    again = start_sprout({"SPROUT_DEMO_DATA": "false"}, workdir=tmp_path)
    assert ConversationsAPI(again.base_url).fetch(buyer, conversation)["last_message"]["text"].startswith("message 149")
